import type { BlogPost } from "../src/common/types";
import { contextAs, publishAs } from "./engagement-helpers";
import { expect, test } from "./fixtures";

test.describe("likes on the post page", () => {
  let post: BlogPost;

  test.beforeAll(async ({ server, accounts, playwright }) => {
    await accounts.ensure("her");
    const request = await playwright.request.newContext();
    post = await publishAs(request, server, "her");
    await request.dispose();
  });

  test("a visitor sees the count and is told to log in when clicking Like", async ({ page }) => {
    await page.goto(`/post/${post.id}`);
    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("0 likes")).toBeVisible();
    const dialogs: Array<{ type: string; message: string }> = [];
    page.on("dialog", (d) => {
      dialogs.push({ type: d.type(), message: d.message() });
      void d.accept();
    });
    await like.click();
    await expect.poll(() => dialogs).toEqual([{ type: "alert", message: "Please log in to like posts" }]);
    await expect(page.getByText("0 likes")).toBeVisible();
  });

  test("a reader likes, sees it kept after reload, then unlikes", async ({ browser, server, accounts }) => {
    const { email } = await accounts.ensure("user");
    const { context, page } = await contextAs(browser, server, email);
    await page.goto(`/post/${post.id}`);
    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("1 like", { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("1 like", { exact: true })).toBeVisible();

    // Another visitor sees the count, not my like.
    const visitor = await browser.newPage({ baseURL: server.baseURL });
    await visitor.goto(`/post/${post.id}`);
    await expect(visitor.getByText("1 like", { exact: true })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    await visitor.close();

    await page.getByRole("button", { name: "Like" }).click();
    await expect(page.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("0 likes")).toBeVisible();
    await context.close();
  });

  test("works from the keyboard", async ({ browser, server, accounts }) => {
    const { email } = await accounts.ensure("him");
    const { context, page } = await contextAs(browser, server, email);
    await page.goto(`/post/${post.id}`);
    const like = page.getByRole("button", { name: "Like" });
    await like.focus();
    await page.keyboard.press("Enter");
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Space");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });

  test("a failed toggle says 'Failed to update like. Please try again.'", async ({
    consoleGuard,
    browser,
    server,
    accounts,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_CONNECTION_RESET/,
      "the test resets the like request to show its failure message",
    );
    const { email } = await accounts.ensure("user");
    const { context, page } = await contextAs(browser, server, email);
    await page.goto(`/post/${post.id}`);
    await page.route(`**/api/posts/${post.id}/like`, (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(page.getByRole("alert")).toHaveText("Failed to update like. Please try again.");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });
});
