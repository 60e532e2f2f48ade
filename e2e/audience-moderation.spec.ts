import { contextAs, newReader, publishAs } from "./engagement-helpers";
import { expect, HIM_EMAIL, test } from "./fixtures";

test("the post's author hides a comment and blocks its writer; a reader's report lands in his inbox", async ({
  browser,
  server,
  accounts,
  playwright,
}) => {
  await accounts.ensure("him");
  const request = await playwright.request.newContext();
  const post = await publishAs(request, server, "him", "Moderated post");
  const troll = await newReader(browser, server, request);
  const kind = await newReader(browser, server, request);

  await troll.page.goto(`/post/${post.id}`);
  await troll.page.getByLabel("Add a comment").fill("Something unkind");
  await troll.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(troll.page.locator(".comment-list > li").first()).toContainText("Something unkind");

  // A reader reports it: it appears in his inbox with its actions.
  await kind.page.goto(`/post/${post.id}`);
  const seenByKind = kind.page.locator(".comment-list > li").filter({ hasText: "Something unkind" });
  await seenByKind.getByRole("button", { name: "Report" }).click();
  await expect(seenByKind.getByRole("status")).toHaveText("Thanks, the author will have a look.");

  const him = await contextAs(browser, server, HIM_EMAIL);
  await him.page.goto("/admin");
  const review = him.page.getByRole("list", { name: "Comments to review" });
  await expect(review.getByRole("listitem")).toHaveCount(1);
  await expect(review).toContainText("Something unkind");
  await expect(review).toContainText("Reported once");

  // He hides it from the post page: readers no longer see it, its writer sees it marked hidden.
  await him.page.goto(`/post/${post.id}`);
  const seenByHim = him.page.locator(".comment-list > li").filter({ hasText: "Something unkind" });
  await seenByHim.getByRole("button", { name: "Hide" }).click();
  await expect(seenByHim.locator(".comment-flag")).toHaveText("Hidden");
  await kind.page.reload();
  await expect(kind.page.getByText("Something unkind")).toHaveCount(0);
  await troll.page.reload();
  await expect(troll.page.locator(".comment-list > li").first().locator(".comment-flag")).toHaveText(
    "Hidden",
  );

  // Hiding settled the report.
  await him.page.goto("/admin");
  await expect(him.page.getByRole("list", { name: "Comments to review" })).toHaveCount(0);

  // He blocks the writer: a new comment is refused with a clear message.
  await him.page.goto(`/post/${post.id}`);
  him.page.once("dialog", (d) => void d.accept());
  await him.page
    .locator(".comment-list > li")
    .filter({ hasText: "Something unkind" })
    .getByRole("button", { name: "Block" })
    .click();
  await troll.page.reload();
  await troll.page.getByLabel("Add a comment").fill("Let me back in");
  await troll.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(troll.page.locator("form.comment-form").getByRole("alert")).toHaveText(
    "The author of this blog has blocked you from commenting on it.",
  );

  for (const c of [troll.context, kind.context, him.context]) await c.close();
  await request.dispose();
});
