// Server side of the studio in a real browser: drafts are the author's alone (preview),
// a scheduled post appears at its time with no restart, revisions restore, and 'Your posts' lists
// every status.
import type { BrowserContext } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { expect, HIM_EMAIL, signIn, test } from "./fixtures";

const unique = () => Math.random().toString(36).slice(2, 8);

async function createPost(
  context: BrowserContext,
  baseURL: string,
  data: Record<string, unknown>,
): Promise<BlogPost> {
  const res = await context.request.post(`${baseURL}/api/posts`, {
    data: { content: "<p>Written in the studio.</p>", author: "him", hashtags: ["studio"], ...data },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe("the writing studio", () => {
  test.beforeAll(async ({ accounts }) => {
    await accounts.ensure("him");
    await accounts.ensure("user");
  });

  test("a draft is 'Post not found' to a reader and a preview to its author", async ({
    page,
    context,
    server,
    browser,
  }) => {
    await signIn(context, server, HIM_EMAIL);
    const title = `Draft ${unique()}`;
    const draft = await createPost(context, server.baseURL, { title, status: "draft" });
    // A published post next to it, so the list has something to show.
    const published = await createPost(context, server.baseURL, { title: `Public ${unique()}` });

    const reader = await browser.newContext({ baseURL: server.baseURL });
    try {
      const readerPage = await reader.newPage();
      const res = await readerPage.goto(`/post/${draft.id}`);
      expect(res?.status()).toBe(404);
      await expect(readerPage.getByRole("heading", { name: "Post not found" })).toBeVisible();
      await readerPage.goto("/his-blog");
      await expect(readerPage.getByRole("link", { name: published.title }).first()).toBeVisible();
      await expect(readerPage.getByText(title)).toHaveCount(0);
    } finally {
      await reader.close();
    }

    await page.goto("/admin/posts");
    const item = page.locator(".own-post", { hasText: title });
    await expect(item.getByText("Draft", { exact: true })).toBeVisible();
    await item.getByRole("link", { name: `Preview ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${draft.slug}$`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("note")).toHaveText("Preview of a draft: only you can see it.");
  });

  test("a post scheduled a few seconds ahead appears on the blog and in the feed at its time", async ({
    page,
    context,
    server,
    browser,
  }) => {
    test.setTimeout(60_000);
    await signIn(context, server, HIM_EMAIL);
    const title = `Scheduled ${unique()}`;
    const published = await createPost(context, server.baseURL, { title: `Public ${unique()}` });
    // Far enough ahead for the "before" checks on a busy machine, near enough for a short test.
    const publishAt = new Date(Date.now() + 12_000);
    const post = await createPost(context, server.baseURL, {
      title,
      status: "scheduled",
      publishAt: publishAt.toISOString(),
    });
    await page.goto("/admin/posts");
    await expect(page.locator(".own-post", { hasText: title }).getByText(/^Scheduled for /)).toBeVisible();

    const reader = await browser.newContext({ baseURL: server.baseURL });
    try {
      const readerPage = await reader.newPage();
      await readerPage.goto("/his-blog");
      await expect(readerPage.getByRole("link", { name: published.title }).first()).toBeVisible();
      await expect(readerPage.getByText(title)).toHaveCount(0);
      expect((await readerPage.goto(`/post/${post.id}`))?.status()).toBe(404);
      expect(await (await reader.request.get("/feed.xml")).text()).not.toContain(title);

      // Nobody writes anything meanwhile: the server's own timer publishes it.
      await expect
        .poll(async () => (await reader.request.get(`/api/posts/${post.id}`)).status(), {
          timeout: 20_000,
          intervals: [500],
        })
        .toBe(200);
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
      await readerPage.goto("/his-blog");
      await expect(readerPage.getByRole("link", { name: title }).first()).toBeVisible();
      expect(await (await reader.request.get("/feed.xml")).text()).toContain(title);
      await readerPage.goto(`/post/${post.id}`);
      await expect(readerPage.getByRole("heading", { name: title })).toBeVisible();
    } finally {
      await reader.close();
    }
  });

  test("an author restores an earlier revision from 'Your posts'", async ({ page, context, server }) => {
    await signIn(context, server, HIM_EMAIL);
    const first = `Original ${unique()}`;
    const post = await createPost(context, server.baseURL, { title: first });
    const second = `Rewritten ${unique()}`;
    const edit = await context.request.patch(`${server.baseURL}/api/posts/${post.id}`, {
      data: { title: second, content: "<p>Everything changed.</p>" },
      headers: { origin: server.baseURL },
    });
    expect(edit.status()).toBe(200);

    await page.goto("/admin/posts");
    const item = page.locator(".own-post", { hasText: second });
    await item.getByRole("button", { name: `Revisions of ${second}` }).click();
    await item.getByRole("button", { name: new RegExp(`^First version .*: ${first}$`) }).click();
    await item.getByRole("radio", { name: "the post as it is now" }).check();
    // What restoring would change: the rewritten title goes, the original comes back.
    await expect(item.locator(".revision-diff del", { hasText: "Rewritten" }).first()).toBeVisible();
    await expect(item.locator(".revision-diff ins", { hasText: "Original" }).first()).toBeVisible();
    await item.getByRole("button", { name: /^Restore this revision/ }).click();
    await item.getByRole("button", { name: "Yes, Restore" }).click();
    await expect(item.getByRole("status")).toHaveText("Revision restored.");
    await expect(item.getByRole("status")).toBeFocused();
    await expect(page.locator(".own-post-title", { hasText: first })).toBeVisible();
    await expect(item.getByRole("button", { name: new RegExp(`^Restored .*: ${first}$`) })).toBeVisible();

    await page.goto(`/post/${post.id}`);
    await expect(page.getByRole("heading", { name: first })).toBeVisible();
    await expect(page.getByText("Written in the studio.")).toBeVisible();
  });
});

// Cookie-free statistics. The counting itself is tested through the API
// (src/server/stats/); here, what a browser sends and what an author sees.
test.describe("statistics", () => {
  const beacons = (page: import("@playwright/test").Page) => {
    const sent: Array<Record<string, unknown>> = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/stats/view") sent.push(JSON.parse(r.postData() ?? "{}"));
    });
    return sent;
  };

  test("a reader's pages send one beacon each (and the end of a post one more), an author's none", async ({
    page,
    context,
    server,
    browser,
    accounts,
  }) => {
    // Not only after the tests above: a retry runs on a fresh server.
    await accounts.ensure("him");
    await signIn(context, server, HIM_EMAIL);
    const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of a long read.</p>`).join(
      "",
    );
    const post = await createPost(context, server.baseURL, {
      title: `Long read ${unique()}`,
      content: paragraphs,
    });

    const reader = await browser.newContext({ baseURL: server.baseURL });
    try {
      const readerPage = await reader.newPage();
      const sent = beacons(readerPage);
      await readerPage.goto("/his-blog?utm_source=The%20Newsletter");
      await expect.poll(() => sent).toEqual([{ p: "/his-blog", r: "", u: "The Newsletter" }]);
      await readerPage.getByRole("link", { name: post.title }).first().click();
      await expect(readerPage.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
      await expect.poll(() => sent.length).toBe(2);
      expect(sent[1]).toEqual({ p: `/post/${post.slug}`, r: "", u: "" });
      await readerPage.getByText("Paragraph 40 of a long read.").scrollIntoViewIfNeeded();
      await readerPage.mouse.wheel(0, 400);
      await expect.poll(() => sent.length).toBe(3);
      expect(sent[2]).toEqual({ p: `/post/${post.slug}`, e: 1 });
      // Private pages are not counted.
      await readerPage.goto("/login");
      await readerPage.waitForLoadState("networkidle");
      expect(sent).toHaveLength(3);
    } finally {
      await reader.close();
    }

    const authorBeacons = beacons(page);
    await page.goto(`/post/${post.id}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page.locator(".post-stats-line")).toHaveText(/views? · \d+ read to the end/);
    await page.waitForLoadState("networkidle");
    expect(authorBeacons).toEqual([]);
  });

  test("the Stats page draws its charts and shows each as a table, by keyboard too", async ({
    page,
    context,
    server,
    accounts,
  }) => {
    await accounts.ensure("him");
    await signIn(context, server, HIM_EMAIL);
    await createPost(context, server.baseURL, { title: `Counted ${unique()}` });
    await page.goto("/admin/posts");
    // Each row of Your posts carries its post's numbers.
    await expect(page.locator(".own-post .post-stats-line").first()).toHaveText(
      /^\d+ views? · \d+ read to the end$/,
    );
    const summary = page.getByRole("region", { name: "Last 7 days" });
    await expect(summary.getByText("Views")).toBeVisible();
    await summary.getByRole("link", { name: "See all stats" }).click();
    await expect(page).toHaveURL(/\/admin\/stats$/);
    await expect(page).toHaveTitle(/^Stats - /);
    await expect(page.getByRole("heading", { level: 1, name: "Stats" })).toBeVisible();
    const traffic = page.locator(".stats-panel", {
      has: page.getByRole("heading", { name: "Views and visitors" }),
    });
    await expect(
      traffic.getByRole("img", { name: /^Views and visitors: \d+ views, \d+ visitors$/ }),
    ).toBeVisible();
    await expect(traffic.locator("canvas").first()).toBeVisible();

    const toggle = traffic.getByText("Show as table");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const table = traffic.getByRole("table", { name: "Views and visitors" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Time", "Views", "Visitors"]);
    await expect(table.locator("tbody tr")).toHaveCount(7);

    await page.getByLabel("Period").selectOption("24h");
    await expect(table.locator("tbody tr")).toHaveCount(24);
    await page.getByLabel("Blog").selectOption("both");
    await expect(page.getByRole("heading", { name: "Top posts" })).toBeVisible();
    // The other theme: the chart is drawn again in its colours.
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
    await expect(traffic.locator("canvas").first()).toBeVisible();
    // Opened directly, the page is served and rendered in the browser.
    await page.goto("/admin/stats");
    await expect(page.getByRole("heading", { level: 1, name: "Stats" })).toBeVisible();
  });
});
