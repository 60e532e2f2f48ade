import AxeBuilder from "@axe-core/playwright";
import { contextAs, newReader, publishAs, unique } from "./engagement-helpers";
import { expect, HIM_EMAIL, test } from "./fixtures";

test("a reader's comment reaches the author's Inbox unread; he follows its link and marks it read", async ({
  browser,
  server,
  accounts,
  playwright,
}) => {
  test.setTimeout(60_000);
  await accounts.ensure("him");
  const request = await playwright.request.newContext();
  const title = unique("Inbox post");
  const post = await publishAs(request, server, "him", title);
  const reader = await newReader(browser, server, request);

  await reader.page.goto(`/post/${post.id}`);
  await reader.page.getByLabel("Add a comment").fill("What a lovely trip");
  await reader.page.getByRole("button", { name: "Post Comment" }).click();
  await expect(reader.page.locator(".comment-list > li").first()).toContainText("What a lovely trip");

  const him = await contextAs(browser, server, HIM_EMAIL);
  await him.page.goto("/admin/inbox");
  const list = him.page.getByRole("list", { name: "New comments" });
  const item = list.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("What a lovely trip");
  // Unread is said in words (screen readers read the badge), not by colour alone.
  await expect(item.getByRole("heading")).toContainText("Unread");

  const axe = await new AxeBuilder({ page: him.page }).include(".inbox-list").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await item.getByRole("link", { name: new RegExp(title) }).click();
  await expect(him.page).toHaveURL(new RegExp(`/post/${post.slug}`));
  await expect(him.page.locator(".comment-list > li").first()).toContainText("What a lovely trip");

  await him.page.goto("/admin/inbox");
  await item.getByRole("button", { name: "Mark as read" }).click();
  await expect(him.page.locator(".inbox-announce")).toHaveText("Marked as read.");
  await expect(item.getByRole("heading")).not.toContainText("Unread");
  await expect(item.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await him.page.reload();
  await expect(item).toContainText("What a lovely trip");
  await expect(item.getByRole("heading")).not.toContainText("Unread");
  await request.dispose();
});
