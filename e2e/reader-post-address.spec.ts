import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { authorClient } from "./reader-helpers";

// Readable post addresses. SPEC §2's /post/{postId} and a renamed post's old address
// keep working: the server answers 301 to /post/{slug}; the app's own router does the same.
test("an old id link and an old slug land at the post's slug address", async ({
  page,
  server,
  accounts,
  playwright,
}) => {
  await accounts.ensure("him");
  const request = await playwright.request.newContext();
  const him = await authorClient(request, server, "him");
  const tag = randomUUID().slice(0, 8);
  const post = await him.publish({ title: `Ridge walk ${tag}`, content: "<p>Up and over.</p>" });
  expect(post.slug).toBe(`ridge-walk-${tag}`);
  const renamed = await him.edit(post.id, { slug: `the-long-ridge-${tag}` });
  await request.dispose();
  const address = new RegExp(`/post/${renamed.slug}$`);

  // A link shared before: the post's id.
  await page.goto(`/post/${post.id}`);
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${server.baseURL}/post/${renamed.slug}`,
  );

  // A link to the address it had before it was renamed.
  await page.goto(`/post/${post.slug}`);
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();

  // Inside the app (no page load): the router resolves the id and replaces the address.
  await page.goto("/his-blog");
  await expect(page.getByRole("link", { name: post.title })).toHaveAttribute("href", `/post/${renamed.slug}`);
  await page.evaluate((id) => {
    window.history.pushState({}, "", `/post/${id}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, post.id);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  await expect(page).toHaveURL(address);
});
