// The Posts list controls publishing without the editor: a scheduled post is published at once
// or moved to another time; an unpublished post is published again from its row.
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

const unique = () => Math.random().toString(36).slice(2, 8);
const DAY = 86_400_000;

test("a scheduled post is published now or re-timed, an unpublished one republished, from Posts", async ({
  page,
  context,
  server,
  browser,
  accounts,
}) => {
  test.setTimeout(60_000);
  await accounts.ensure("him");
  await signIn(context, server, HIM_EMAIL);
  const create = async (title: string, extra: Record<string, unknown>) => {
    const res = await context.request.post(`${server.baseURL}/api/posts`, {
      data: { title, content: "<p>Words.</p>", author: "him", ...extra },
      headers: { origin: server.baseURL },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { slug: string }).slug;
  };
  const soon = `Soon ${unique()}`;
  const later = `Later ${unique()}`;
  const again = `Again ${unique()}`;
  const inAWeek = new Date(Date.now() + 7 * DAY).toISOString();
  const soonSlug = await create(soon, { status: "scheduled", publishAt: inAWeek });
  await create(later, { status: "scheduled", publishAt: inAWeek });
  const againSlug = await create(again, {});
  const reader = await browser.newContext({ baseURL: server.baseURL });
  const readerPage = await reader.newPage();

  await page.goto("/admin/posts");
  const status = page.getByRole("status");

  // 'Publish now': public at once, for readers too.
  const soonRow = page.locator(".own-post", { hasText: soon });
  await expect(soonRow.getByText(/^Scheduled for /)).toBeVisible();
  await soonRow.getByRole("button", { name: `Publish now ${soon}` }).click();
  await expect(status.filter({ hasText: `'${soon}' is published.` })).toBeFocused();
  await expect(soonRow.getByText(/^Published /)).toBeVisible();
  await expect(soonRow.getByRole("button", { name: /^Publish now/ })).toHaveCount(0);
  expect((await readerPage.goto(`/post/${soonSlug}`))?.status()).toBe(200);

  // 'Change date' on a scheduled post takes a time ahead; one that has come is refused.
  const laterRow = page.locator(".own-post", { hasText: later });
  await laterRow.getByRole("button", { name: `Change date of ${later}` }).click();
  const when = laterRow.getByLabel("Publish at");
  await expect(when).toBeFocused();
  await when.fill("2021-03-04T05:06");
  await laterRow.getByRole("button", { name: "Save date" }).click();
  await expect(laterRow.getByRole("alert")).toHaveText("The publish time must be in the future.");
  const year = new Date(Date.now() + 30 * DAY).getFullYear();
  const month = String(new Date(Date.now() + 30 * DAY).getMonth() + 1).padStart(2, "0");
  await when.fill(`${year}-${month}-15T09:30`);
  await laterRow.getByRole("button", { name: "Save date" }).click();
  await expect(status.filter({ hasText: `'${later}' is now scheduled for` })).toBeFocused();
  await expect(laterRow.getByText(new RegExp(`^Scheduled for .*15.*${year}`))).toBeVisible();

  // Unpublish, then 'Publish' from the row: public again without opening the editor.
  const againRow = page.locator(".own-post", { hasText: again });
  await againRow.getByRole("button", { name: `Unpublish ${again}` }).click();
  await expect(status.filter({ hasText: `'${again}' is a draft again.` })).toBeFocused();
  await expect(againRow.getByText("Draft", { exact: true })).toBeVisible();
  expect((await readerPage.goto(`/post/${againSlug}`))?.status()).toBe(404);
  await againRow.getByRole("button", { name: `Publish ${again}`, exact: true }).click();
  await expect(status.filter({ hasText: `'${again}' is published.` })).toBeFocused();
  await expect(againRow.getByText(/^Published /)).toBeVisible();
  await expect(againRow.getByRole("button", { name: `Unpublish ${again}` })).toBeVisible();
  expect((await readerPage.goto(`/post/${againSlug}`))?.status()).toBe(200);
  await reader.close();
});
