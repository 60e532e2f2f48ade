import AxeBuilder from "@axe-core/playwright";
import { contextAs, newReader, publishAs } from "./engagement-helpers";
import { expect, HIM_EMAIL, test } from "./fixtures";

test("the post's author hides a comment (its replies stay under '[hidden]') and blocks its writer; a reader's report lands in his inbox", async ({
  browser,
  server,
  accounts,
  playwright,
}) => {
  // One journey through several people, pages and emails: longer than the default 30 s on a busy machine.
  test.setTimeout(60_000);
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
  // And answers it.
  const trollName = troll.email.split("@")[0]!;
  await seenByKind.locator(":scope > .comment-body").getByRole("button", { name: "Reply" }).click();
  await kind.page.getByLabel(`Reply to ${trollName}`).fill("Please be kind");
  await kind.page.getByRole("button", { name: "Post Reply" }).click();
  await expect(seenByKind.locator(".comment-replies > li")).toContainText("Please be kind");

  const him = await contextAs(browser, server, HIM_EMAIL);
  await him.page.goto("/admin/inbox");
  const review = him.page.getByRole("list", { name: "Comments to review" });
  await expect(review.getByRole("listitem")).toHaveCount(1);
  await expect(review).toContainText("Something unkind");
  await expect(review).toContainText("Reported once");

  // He hides it from the post page: readers no longer see it, its writer sees it marked hidden.
  await him.page.goto(`/post/${post.id}`);
  const seenByHim = him.page
    .locator(".comment-list > li")
    .filter({ hasText: "Something unkind" })
    .locator(":scope > .comment-body");
  await seenByHim.getByRole("button", { name: "Hide" }).click();
  await expect(seenByHim.locator(".comment-flag")).toHaveText("Hidden");
  // Its reply stays for everyone, under a '[hidden]' stand-in with nothing to act on.
  await kind.page.reload();
  await expect(kind.page.getByText("Something unkind")).toHaveCount(0);
  const standIn = kind.page.locator(".comment-list > li").first();
  await expect(standIn.locator(":scope > .comment-body .comment-author")).toHaveText("[hidden]");
  await expect(standIn.locator(":scope > .comment-body .comment-content")).toHaveText("[hidden]");
  await expect(standIn.locator(":scope > .comment-body").getByRole("button")).toHaveCount(0);
  await expect(standIn.locator(".comment-replies > li")).toContainText("Please be kind");
  // The same in the page the server renders for a visitor.
  const visitor = await playwright.request.newContext();
  const html = await (await visitor.get(`${server.baseURL}/post/${post.id}`)).text();
  expect(html).toContain('<p class="comment-content">[hidden]</p>');
  expect(html).toContain("Please be kind");
  expect(html).not.toContain("Something unkind");
  await visitor.dispose();
  await troll.page.reload();
  await expect(troll.page.locator(".comment-list > li").first().locator(".comment-flag")).toHaveText(
    "Hidden",
  );

  // Hiding settled the report.
  await him.page.goto("/admin/inbox");
  await expect(him.page.getByRole("list", { name: "Comments to review" })).toHaveCount(0);

  // He blocks the writer: a new comment is refused with a clear message.
  await him.page.goto(`/post/${post.id}`);
  him.page.once("dialog", (d) => void d.accept());
  await seenByHim.getByRole("button", { name: "Block" }).click();
  await troll.page.reload();
  await troll.page.getByLabel("Add a comment").fill("Let me back in");
  await troll.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(troll.page.locator("form.comment-form").getByRole("alert")).toHaveText(
    "The author of this blog has blocked you from commenting on it.",
  );

  for (const c of [troll.context, kind.context, him.context]) await c.close();
  await request.dispose();
});

test("/admin/audience lists the readers he blocked, each with 'Unblock' (busy, failure and focus), and an unblocked reader comments again", async ({
  consoleGuard,
  browser,
  server,
  accounts,
  playwright,
}) => {
  consoleGuard.allow(
    /^Failed to load resource: the server responded with a status of 503/,
    "the test answers one Unblock with a 503 to show its failure message",
  );
  await accounts.ensure("him");
  const request = await playwright.request.newContext();
  const post = await publishAs(request, server, "him", "Blocked and back");
  const pest = await newReader(browser, server, request);
  const session = await pest.context.request.get("/api/auth/get-session");
  const pestId = ((await session.json()) as { user: { id: string } }).user.id;
  const him = await contextAs(browser, server, HIM_EMAIL);
  const blocking = await him.context.request.post("/api/blocks", {
    data: { userId: pestId },
    headers: { origin: server.baseURL },
  });
  expect(blocking.status()).toBe(201);

  await him.page.goto("/admin/audience");
  const pestName = pest.email.split("@")[0]!;
  // (The other test's blocked reader may be listed too: they share a server.)
  const blocked = him.page
    .getByRole("list", { name: "Blocked readers" })
    .getByRole("listitem")
    .filter({ hasText: pestName });
  await expect(blocked).toHaveCount(1);
  const axe = await new AxeBuilder({ page: him.page }).include(".inbox-blocks").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  const unblock = blocked.getByRole("button", { name: "Unblock" });
  await him.page.route("**/api/blocks/*", (route) => route.fulfill({ status: 503, body: "" }), { times: 1 });
  await unblock.click();
  await expect(blocked.getByRole("alert")).toHaveText("Failed to unblock this reader. Please try again.");
  await expect(unblock).toBeFocused();
  await unblock.click();
  await expect(him.page.getByRole("status").filter({ hasText: "can comment" })).toHaveText(
    `${pestName} can comment on your blog again.`,
  );
  await expect(him.page.getByRole("heading", { name: "Blocked readers" })).toBeFocused();
  await expect(blocked).toHaveCount(0);

  await pest.page.goto(`/post/${post.id}`);
  await pest.page.getByLabel("Add a comment").fill("Sorry about that");
  await pest.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(pest.page.locator(".comment-list > li").first()).toContainText("Sorry about that");
  for (const c of [pest.context, him.context]) await c.close();
  await request.dispose();
});
