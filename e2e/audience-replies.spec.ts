import type { BlogPost } from "../src/common/types";
import { newReader, publishAs } from "./engagement-helpers";
import { expect, test } from "./fixtures";

test.describe("replies and permalinks", () => {
  let post: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("him");
    const request = await playwright.request.newContext();
    post = await publishAs(request, server, "him");
    await request.dispose();
  });

  test("a reader replies to a comment and to a reply; replies sit under the comment, oldest first, naming whom they answer", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const ann = await newReader(browser, server, request);
    const bob = await newReader(browser, server, request);
    const annName = ann.email.split("@")[0]!;
    const bobName = bob.email.split("@")[0]!;

    await ann.page.goto(`/post/${post.id}`);
    await ann.page.getByLabel("Add a comment").fill("Where was this taken?");
    await ann.page.getByRole("button", { name: "Post Comment" }).click();
    const top = ann.page.locator(".comment-list > li").first();
    await expect(top).toContainText("Where was this taken?");

    await bob.page.goto(`/post/${post.id}`);
    const bobTop = bob.page.locator(".comment-list > li").first();
    await bobTop.getByRole("button", { name: "Reply" }).click();
    const replyBox = bob.page.getByLabel(`Reply to ${annName}`);
    await expect(replyBox).toBeFocused();
    await bob.page.getByRole("button", { name: "Post Reply" }).click();
    await expect(bob.page.getByRole("alert")).toHaveText("Comment cannot be empty");
    await replyBox.fill("In Lisbon, I think");
    await bob.page.getByRole("button", { name: "Post Reply" }).click();
    const replies = bobTop.locator(".comment-replies > li");
    await expect(replies).toHaveCount(1);
    await expect(replies.first()).toContainText("In Lisbon, I think");
    await expect(bob.page.getByLabel(`Reply to ${annName}`)).toHaveCount(0);

    // Ann answers Bob's reply: it goes under the same comment, after his, and says whom it answers.
    await ann.page.reload();
    const annReplies = ann.page.locator(".comment-list > li").first().locator(".comment-replies > li");
    await annReplies.first().getByRole("button", { name: "Reply" }).click();
    await ann.page.getByLabel(`Reply to ${bobName}`).fill("Thanks!");
    await ann.page.getByRole("button", { name: "Post Reply" }).click();
    await expect(annReplies).toHaveCount(2);
    await expect(annReplies.nth(1)).toContainText("Thanks!");
    await expect(annReplies.nth(1).locator(".comment-reply-to")).toHaveText(`replying to ${bobName}`);
    await expect(ann.page.locator(".comment-list > li")).toHaveCount(1);

    // A new top-level comment comes first (newest first), above the thread.
    await ann.page.getByLabel("Add a comment").fill("Another thought");
    await ann.page.getByRole("button", { name: "Post Comment" }).click();
    await expect(ann.page.locator(".comment-list > li").first()).toContainText("Another thought");
    await expect(ann.page.locator(".comment-list > li")).toHaveCount(2);

    // Deleting the commented comment keeps its replies under '[deleted]'.
    ann.page.once("dialog", (d) => {
      expect(d.message()).toBe("Are you sure you want to delete this comment?");
      void d.accept();
    });
    const thread = ann.page.locator(".comment-list > li").nth(1);
    await thread.locator(":scope > .comment-body").getByRole("button", { name: "Delete" }).click();
    await expect(thread.locator(":scope > .comment-body .comment-content")).toHaveText("[deleted]");
    await expect(thread.locator(".comment-replies > li")).toHaveCount(2);
    await expect(thread.locator(":scope > .comment-body").getByRole("button")).toHaveCount(0);

    await ann.context.close();
    await bob.context.close();
    await request.dispose();
  });

  test("a permalink scrolls to its comment and highlights it, also on a later page", async ({
    browser,
    server,
    playwright,
    page,
  }) => {
    const request = await playwright.request.newContext();
    const reader = await newReader(browser, server, request);
    const target = await newReaderComment(reader.context, server.baseURL, post.id, "The one to find");
    // Enough newer comments to push the target off the first page (20 per page).
    for (let i = 0; i < 21; i++)
      await newReaderComment(reader.context, server.baseURL, post.id, `filler ${i}`);
    await page.goto(`/post/${post.id}#comment-${target}`);
    const item = page.locator(`#comment-${target}`);
    await expect(item).toBeInViewport();
    await expect(item).toHaveClass(/comment--highlighted/);
    await expect(item).toBeFocused();
    // Its time is the permalink itself.
    await expect(item.locator(".comment-permalink")).toHaveAttribute("href", `#comment-${target}`);
    await reader.context.close();
    await request.dispose();
  });
});

async function newReaderComment(
  context: import("@playwright/test").BrowserContext,
  baseURL: string,
  postId: string,
  content: string,
): Promise<string> {
  const res = await context.request.post(`${baseURL}/api/posts/${postId}/comments`, {
    data: { content },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
