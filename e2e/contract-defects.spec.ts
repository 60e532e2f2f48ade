// Behaviours that drifted from SPEC.md, each checked in a real browser.

import { contextAs, newReader, publishAs, unique } from "./engagement-helpers";
import { expect, HIM_EMAIL, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

const longText = (word: string) => `<p>${`${word} `.repeat(40).trim()}</p>`;

test.describe("SPEC deviations", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
  });

  test("SPEC §5: an empty excerpt stays empty through an edit, and the card follows the current content", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const him = await authorClient(request, server, "him");
    const post = await him.publish({ title: unique("Excerpt"), content: longText("before"), excerpt: "" });
    const { context, page } = await contextAs(browser, server, HIM_EMAIL);

    await page.goto(`/post/${post.id}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(page.getByLabel("Excerpt (optional)")).toHaveValue("");
    await page.getByLabel("Title").fill(`${post.title} (edited)`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Blog post updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/his-blog$/, { timeout: 5_000 });

    // The content changes later: the card shows the new text, not a copy of the old one.
    await him.edit(post.id, { content: longText("after") });
    await page.reload();
    const card = page.locator(".post-card", { hasText: `${post.title} (edited)` });
    await expect(card.locator(".post-card-excerpt")).toContainText("after after");
    await expect(card.locator(".post-card-excerpt")).not.toContainText("before");

    await context.close();
    await request.dispose();
  });

  test("SPEC §5: hashtags typed on create keep their spaces, and the tag page lists the post", async ({
    browser,
    server,
  }) => {
    const { context, page } = await contextAs(browser, server, HIM_EMAIL);
    const title = unique("Tagged");
    await page.goto("/admin");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "HTML", exact: true }).click();
    await page.getByLabel("Content", { exact: true }).fill("<p>Tagged words.</p>");
    await page.getByLabel("Hashtags").fill("Travel, Food!, summer fun");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Blog post published successfully!")).toBeVisible();

    await page.goto(`/tags/${encodeURIComponent("summer fun")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Posts tagged #summer fun" })).toBeVisible();
    const card = page.locator(".post-card", { hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name: title }).click();
    const article = page.getByRole("article");
    for (const tag of ["travel", "food", "summer fun"]) {
      await expect(article.getByRole("link", { name: `#${tag}`, exact: true })).toBeVisible();
    }
    await context.close();
  });

  test("the comments on screen stay when a background refresh fails, with a quiet note", async ({
    consoleGuard,
    browser,
    server,
    playwright,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: the server responded with a status of 500/,
      "the test makes the background refresh of the comments fail",
    );
    const request = await playwright.request.newContext();
    const post = await publishAs(request, server, "him");
    const { context, page } = await newReader(browser, server, request);
    await page.goto(`/post/${post.id}`);
    await page.getByLabel("Add a comment").fill("Loaded before the failure");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const list = page.locator(".comment-list > li");
    await expect(list.filter({ hasText: "Loaded before the failure" })).toHaveCount(1);

    await page.getByLabel("Add a comment").fill("Deleted while reads fail");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const doomed = list.filter({ hasText: "Deleted while reads fail" });
    await expect(doomed).toHaveCount(1);

    // From now on every read of the comments fails. A new comment goes into the list from the
    // server's answer; a delete (a '[deleted]' stand-in may stay for replies) reads the list again.
    await page.route(`**/api/posts/${post.id}/comments*`, (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
    );
    page.once("dialog", (d) => void d.accept());
    await doomed.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Comments could not be refreshed." }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(list.filter({ hasText: "Loaded before the failure" })).toHaveCount(1);
    await expect(page.getByText("Failed to load comments")).toHaveCount(0);

    await context.close();
    await request.dispose();
  });

  test("on a direct load of a post page, 'Delete' and 'Yes, Delete' are the danger colour", async ({
    browser,
    server,
    playwright,
  }) => {
    const request = await playwright.request.newContext();
    const post = await publishAs(request, server, "him");
    const { context, page } = await contextAs(browser, server, HIM_EMAIL);
    await page.goto(`/post/${post.id}`);
    const danger = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--danger").trim(),
    );
    const rgb = await page.evaluate((colour) => {
      const probe = document.createElement("span");
      probe.style.color = colour;
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    }, danger);
    const deleteButton = page.getByRole("button", { name: "Delete", exact: true });
    await expect(deleteButton).toHaveCSS("color", rgb);
    await expect(deleteButton).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await deleteButton.click();
    const confirm = page.getByRole("dialog").getByRole("button", { name: "Yes, Delete" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toHaveCSS("color", rgb);
    await context.close();
    await request.dispose();
  });
});
