// Posts under the authors' control, as one journey through the studio's own navigation:
// a post published in Write is in Posts at once (no reload), the list filters and searches, a
// published post is re-dated and unpublished (gone for readers at once), then deleted after
// SPEC's confirmation; deep links and Back work.
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

const unique = () => Math.random().toString(36).slice(2, 8);

test("an author publishes, finds, re-dates, unpublishes and deletes a post in the studio", async ({
  page,
  context,
  server,
  browser,
  accounts,
}) => {
  test.setTimeout(60_000);
  await accounts.ensure("him");
  await signIn(context, server, HIM_EMAIL);
  const title = `Controlled ${unique()}`;
  // An older published post to reorder around.
  const older = await context.request.post(`${server.baseURL}/api/posts`, {
    data: { title: `Older ${unique()}`, content: "<p>Older words.</p>", author: "him" },
    headers: { origin: server.baseURL },
  });
  expect(older.status()).toBe(201);

  // Posts first, so its list is in the cache: after Publish it must refresh without a reload.
  await page.goto("/admin/posts");
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  const studio = page.getByRole("navigation", { name: "Studio" });
  await expect(studio.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await studio.getByRole("link", { name: "Write" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Admin" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Words under control.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Blog post published successfully!")).toBeVisible();

  await studio.getByRole("link", { name: "Posts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  const row = page.locator(".own-post", { hasText: title });
  await expect(row.getByText(/^Published /)).toBeVisible();
  // Back returns to Write, Forward to Posts.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Admin" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();

  // Filter and search, kept in the address (a deep link shows the same list).
  await page.getByLabel("Show").selectOption("draft");
  await expect(row).toHaveCount(0);
  await page.getByLabel("Show").selectOption("published");
  await page.getByLabel("Search by title").fill(title);
  await expect(page).toHaveURL(new RegExp(`status=published&q=${title.replace(" ", "\\+")}`));
  await expect(page.locator(".own-post")).toHaveCount(1);
  await page.reload();
  await expect(page.locator(".own-post")).toHaveCount(1);
  await expect(page.getByLabel("Show")).toHaveValue("published");

  // Re-date it into the past: on his blog it now comes after the older post.
  await row.getByRole("button", { name: `Change date of ${title}` }).click();
  const when = page.getByLabel("Publish date");
  await expect(when).toBeFocused();
  await when.fill("2021-03-04T05:06");
  await row.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByRole("status").filter({ hasText: `'${title}' is now dated` })).toBeFocused();
  await expect(row.getByText(/^Published .*2021/)).toBeVisible();
  const reader = await browser.newContext({ baseURL: server.baseURL });
  const readerPage = await reader.newPage();
  await readerPage.goto("/his-blog");
  const titles = await readerPage.locator(".post-card-title").allTextContents();
  const olderTitle = ((await older.json()) as { title: string }).title;
  expect(titles.indexOf(olderTitle)).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf(olderTitle)).toBeLessThan(
    titles.indexOf(title) === -1 ? Infinity : titles.indexOf(title),
  );

  // Unpublish: a draft again, out of the published filter, gone for readers at once.
  const postId = (await row.getByRole("link", { name: `View ${title}` }).getAttribute("href"))!
    .split("/")
    .pop()!;
  await row.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `'${title}' is a draft again.` })).toBeFocused();
  await expect(row).toHaveCount(0);
  expect((await readerPage.goto(`/post/${postId}`))?.status()).toBe(404);
  await reader.close();
  await page.getByLabel("Show").selectOption("draft");
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();

  // Delete asks first; Cancel keeps it, 'Yes, Delete' removes it.
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this post?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByRole("button", { name: `Delete ${title}` })).toBeFocused();
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: `'${title}' was deleted.` })).toBeFocused();
  await expect(row).toHaveCount(0);
  expect((await context.request.get(`${server.baseURL}/api/posts/${postId}`)).status()).toBe(404);
});
