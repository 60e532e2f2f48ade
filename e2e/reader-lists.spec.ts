import { randomUUID } from "node:crypto";
import { createAccount, expect, HER_EMAIL, startServer, test } from "./fixtures";
import { authorClient, pngImage } from "./reader-helpers";

const EMPTY = "No blog posts found. Check back soon!";
const FALLBACK = "Using locally stored posts. Firestore connection failed.";
const FAILED = "Failed to load blog posts from any source. Please try again.";

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

test.describe("his and her blog lists", () => {
  test("his blog lists his posts newest first with thumbnail, title, date, author and excerpt", async ({
    page,
    server,
    accounts,
    playwright,
  }) => {
    await accounts.ensure("him");
    await accounts.ensure("her");
    // One cookie jar per author.
    const request = await playwright.request.newContext();
    const herRequest = await playwright.request.newContext();
    const him = await authorClient(request, server, "him");
    const her = await authorClient(herRequest, server, "her");
    const long = `<p>${"Words of a long story. ".repeat(20)}</p>`;
    const older = await him.publish({ title: unique("His older post"), content: long });
    const thumb = await him.upload("thumb.png", await pngImage());
    const newer = await him.publish({
      title: unique("His newer post"),
      content: "<p>Short and sweet.</p>",
      excerpt: "A hand-written excerpt.",
      images: [{ id: "t1", url: thumb, position: "center", size: "medium", pairedWith: null }],
      imageUrl: thumb,
    });
    const hers = await her.publish({ title: unique("Her post"), content: "<p>Hers.</p>" });
    await request.dispose();
    await herRequest.dispose();

    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    const titles = page.locator(".post-card-title");
    await expect(titles.filter({ hasText: newer.title })).toBeVisible();
    const all = await titles.allTextContents();
    expect(all.indexOf(newer.title)).toBeLessThan(all.indexOf(older.title));
    expect(all).not.toContain(hers.title);

    const newerCard = page.locator(".post-card", { hasText: newer.title });
    await expect(newerCard).toContainText("A hand-written excerpt.");
    await expect(newerCard).toContainText("By Him");
    const date = new Date(newer.date).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    await expect(newerCard.locator("time")).toHaveText(date);
    await expect(newerCard.locator("img")).toBeVisible();
    await expect(newerCard.getByRole("link", { name: newer.title })).toHaveAttribute(
      "href",
      `/post/${newer.slug}`,
    );

    // SPEC §5: no excerpt → the first 150 characters of the text, plus '...'.
    const expected = `${"Words of a long story. ".repeat(20).slice(0, 150)}...`;
    await expect(
      page.locator(".post-card", { hasText: older.title }).locator(".post-card-excerpt"),
    ).toHaveText(expected);

    await page.locator(".post-card", { hasText: newer.title }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/post/${newer.slug}$`));

    // The whole card opens the post: a click on the thumbnail too.
    await page.goBack();
    const box = (await newerCard.locator("img").boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(new RegExp(`/post/${newer.slug}$`));
  });

  test("a card whose thumbnail is missing hides the broken image", async ({
    page,
    server,
    accounts,
    playwright,
  }) => {
    await accounts.ensure("her");
    const request = await playwright.request.newContext();
    const her = await authorClient(request, server, "her");
    const url = "/uploads/blog-images/1_missing.png";
    const post = await her.publish({
      title: unique("Broken thumbnail"),
      content: "<p>Text</p>",
      images: [{ id: "m1", url, position: "center", size: "medium", pairedWith: null }],
      imageUrl: url,
    });
    await request.dispose();
    await page.goto("/her-blog");
    const card = page.locator(".post-card", { hasText: post.title });
    await expect(card).toBeVisible();
    await expect(card.locator("img")).toBeHidden();
    await expect(card.locator("img")).toHaveAttribute("hidden", "");
  });

  test("the list is stored locally and shown with the fallback message when the server fails", async ({
    consoleGuard,
    page,
    server,
    accounts,
    playwright,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test blocks the posts API to show the stored fallback",
    );
    await accounts.ensure("him");
    const request = await playwright.request.newContext();
    const post = await (await authorClient(request, server, "him")).publish({
      title: unique("Stored locally"),
      content: "<p>Kept for a rainy day.</p>",
    });
    await request.dispose();

    await page.goto("/his-blog");
    await expect(page.getByText(post.title)).toBeVisible();
    // The list is stored after it is shown (an effect), so the test waits for it.
    await expect
      .poll(async () =>
        (await page.evaluate(() => JSON.parse(localStorage.getItem("blogPosts") ?? "[]"))).map(
          (p: { id: string }) => p.id,
        ),
      )
      .toContain(post.id);

    // The server becomes unreachable; a new visit must fetch the list and fall back.
    await page.route("**/api/posts*", (route) => route.abort());
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "His Blog" }).click();
    await expect(page.getByText(FALLBACK)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(post.title)).toBeVisible();
  });

  test("with neither the server nor stored posts, the list says it failed", async ({
    consoleGuard,
    page,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test blocks the posts API to show the failure message",
    );
    await page.route("**/api/posts*", (route) => route.abort());
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Her Blog" }).click();
    await expect(page.getByText(FAILED)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(FALLBACK)).toHaveCount(0);
  });

  test("her sidebar shows the fallback text after 5 seconds when no board is configured", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/her-blog");
    const sidebar = page.getByRole("complementary", { name: "Pinterest board" });
    await expect(sidebar).toBeVisible();
    // From here the page's clock moves only when the test moves it.
    // (A little ahead of the page's 'now': the page's clock keeps running until the pause.)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    const fallback = sidebar.getByText("Visit our Pinterest board for more inspiration.");
    // While it waits, the sidebar says so instead of showing a bare heading.
    const loading = sidebar.getByText("Loading pins…");
    await expect(fallback).toHaveCount(0);
    await expect(loading).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(fallback).toHaveCount(0);
    await page.clock.runFor(1_700);
    await expect(fallback).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test("the first page of a list paints from the data inlined in the page, without an API request", async ({
    page,
  }) => {
    const apiCalls: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/api/posts")) apiCalls.push(req.url());
    });
    await page.goto("/her-blog");
    await expect(page.getByRole("heading", { level: 1, name: "Her Blog" })).toBeVisible();
    await expect(page.locator(".post-card").first().or(page.getByText(EMPTY))).toBeVisible();
    expect(apiCalls).toEqual([]);
  });

  test("his blog has no sidebar", async ({ page }) => {
    await page.goto("/his-blog");
    await expect(page.getByRole("heading", { level: 1, name: "His Blog" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Pinterest board" })).toHaveCount(0);
  });
});

test.describe("on a fresh blog", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the demo blog shows real thumbnails on both lists", async ({ browser }) => {
    const { server, stop } = await startServer({ SEED_DEMO: "true" });
    try {
      const page = await browser.newPage({ baseURL: server.baseURL });
      for (const path of ["/his-blog", "/her-blog"]) {
        await page.goto(path);
        const cards = page.locator(".post-card");
        await expect(cards.first()).toBeVisible();
        expect(await cards.count()).toBeGreaterThanOrEqual(6);
        const thumb = cards.first().locator("img");
        await expect(thumb).toBeVisible();
        await expect
          .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await page.close();
    } finally {
      await stop();
    }
  });

  test("an empty list says so, and more than one page loads with 'Load more'", async ({
    browser,
    playwright,
  }) => {
    const { server, stop } = await startServer();
    try {
      const page = await browser.newPage({ baseURL: server.baseURL });
      await page.goto("/her-blog");
      await expect(page.getByText(EMPTY)).toBeVisible();
      await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);

      const request = await playwright.request.newContext();
      await createAccount(request, server, { email: HER_EMAIL, name: "her" });
      const her = await authorClient(request, server, "her");
      const titles: string[] = [];
      for (let i = 1; i <= 13; i++) {
        titles.push(
          (await her.publish({ title: `Her post number ${i}`, content: `<p>Post ${i}</p>` })).title,
        );
      }
      await request.dispose();

      await page.goto("/her-blog");
      const cards = page.locator(".post-card");
      await expect(cards).toHaveCount(12);
      await expect(cards.first()).toContainText("Her post number 13");
      await expect(page.getByText("Her post number 1", { exact: true })).toHaveCount(0);
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(cards).toHaveCount(13);
      await expect(cards.last()).toContainText("Her post number 1");
      await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
      await page.close();
    } finally {
      await stop();
    }
  });

  test("with a board configured, her sidebar adds the widget script and falls back to a link after 5 s", async ({
    consoleGuard,
    browser,
  }) => {
    consoleGuard.allow(
      /^Failed to load resource: net::ERR_FAILED/,
      "the test blocks the pin board's script host to see the fallback",
    );
    const board = "https://www.pinterest.com/duet/inspiration/";
    const { server, stop } = await startServer({ PINTEREST_BOARD_URL: board });
    try {
      const page = await browser.newPage({ baseURL: server.baseURL });
      // No internet here: the provider's script never arrives, as when it is blocked.
      await page.route("https://**.pinterest.com/**", (route) => route.abort());
      await page.clock.install();
      await page.goto("/her-blog");
      const script = page.locator('body > script[src="https://assets.pinterest.com/js/pinit.js"]');
      await expect(script).toHaveCount(1);
      expect(await script.evaluate((s) => (s as HTMLScriptElement).async)).toBe(true);
      await expect(page.locator('a[data-pin-do="embedBoard"]')).toHaveAttribute("href", board);

      await page.clock.runFor(5_100);
      const link = page.getByRole("link", { name: "Visit our Pinterest board for more inspiration." });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", board);
      await page.close();
    } finally {
      await stop();
    }
  });
});
