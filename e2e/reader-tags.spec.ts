import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

test.describe("tag pages", () => {
  test("'Posts tagged #tag' lists the posts of both authors carrying that tag", async ({
    page,
    server,
    accounts,
    playwright,
  }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    const tag = `travel${randomUUID().slice(0, 6)}`;
    const himRequest = await playwright.request.newContext();
    const herRequest = await playwright.request.newContext();
    const his = await (await authorClient(himRequest, server, "him")).publish({
      title: `Mountains ${tag}`,
      content: "<p>Up high.</p>",
      hashtags: [tag, "mountains"],
    });
    const hers = await (await authorClient(herRequest, server, "her")).publish({
      title: `Islands ${tag}`,
      content: "<p>By the sea.</p>",
      hashtags: ["islands", tag],
    });
    const other = await (await authorClient(herRequest, server, "her")).publish({
      title: `Untagged ${tag}`,
      content: "<p>Nothing to see.</p>",
      hashtags: ["islands"],
    });
    await himRequest.dispose();
    await herRequest.dispose();

    await page.goto(`/tags/${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: `Posts tagged #${tag}` })).toBeVisible();
    await expect(page.locator(".post-card-title")).toHaveText([hers.title, his.title]);
    await expect(page.getByText(other.title)).toHaveCount(0);

    // Written the way people write it: upper case, with the '#'.
    await page.goto(`/tags/${encodeURIComponent(`#${tag.toUpperCase()}`)}`);
    await expect(page.getByRole("heading", { level: 1, name: `Posts tagged #${tag}` })).toBeVisible();
  });

  test("a tag nobody used says 'No posts found with #tag'", async ({ page }) => {
    await page.goto("/tags/nothing-here");
    await expect(
      page.getByRole("heading", { level: 1, name: "No posts found with #nothing-here" }),
    ).toBeVisible();
    await expect(page.locator(".post-card")).toHaveCount(0);
  });

  test("arriving from a hashtag link, the tag page loads in the app", async ({
    page,
    server,
    accounts,
    playwright,
  }) => {
    await accounts.ensure("her");
    const request = await playwright.request.newContext();
    const post = await (await authorClient(request, server, "her")).publish({
      title: `Linked ${randomUUID().slice(0, 6)}`,
      content: "<p>Follow the tag.</p>",
      hashtags: ["followme"],
    });
    await request.dispose();
    await page.goto(`/post/${post.id}`);
    await page.getByRole("link", { name: "#followme" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Posts tagged #followme" })).toBeVisible();
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(/#followme/);
  });
});
