// The navbar's search box and /search?q=, with JavaScript off (a plain form and links,
// rendered on the server) and on (in-app navigation, results appended), on a phone too.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SEARCH_PAGE_SIZE } from "../src/common/limits";
import type { BlogPost } from "../src/common/types";
import { unique } from "./engagement-helpers";
import { expect, test } from "./fixtures";
import { authorClient, type NewPost } from "./reader-helpers";

const stamp = Date.now().toString(36).replace(/\d/g, "");
// Words no other test writes: one in a post and a draft, one in more posts than a page holds.
const word = `fernglade${stamp}`;
const many = `pebblewick${stamp}`;
let post: BlogPost;
let draft: BlogPost;

test.beforeAll(async ({ server, accounts, playwright }) => {
  await accounts.ensure("him");
  await accounts.ensure("her");
  const request = await playwright.request.newContext();
  const him = await authorClient(request, server, "him");
  post = await him.publish({
    title: unique("Morning walk"),
    content: `<p>We crossed the ${word} before breakfast.</p>`,
  });
  draft = await him.publish({
    title: unique("Unfinished draft"),
    content: `<p>A draft that also mentions the ${word}.</p>`,
    status: "draft",
  } as NewPost);
  const herRequest = await playwright.request.newContext();
  const her = await authorClient(herRequest, server, "her");
  for (let i = 0; i <= SEARCH_PAGE_SIZE; i++)
    await her.publish({ title: unique(`Pebbles ${i}`), content: `<p>Another ${many} on the beach.</p>` });
  for (const r of [request, herRequest]) await r.dispose();
});

const navbarBox = (page: Page) =>
  page.getByRole("search", { name: "Site search" }).getByRole("searchbox", { name: "Search posts" });

async function searchFromNavbar(page: Page, words: string) {
  await navbarBox(page).fill(words);
  await navbarBox(page).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Results for “${words}”` })).toBeVisible();
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the navbar box finds a post by a word of its body, not the draft with the same word", async ({
    page,
  }) => {
    await page.goto("/");
    await searchFromNavbar(page, word);
    expect(new URL(page.url()).pathname).toBe("/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe(word);
    const results = page.locator(".search-hit");
    await expect(results).toHaveCount(1);
    await expect(results.getByRole("link", { name: post.title })).toHaveAttribute(
      "href",
      `/post/${post.slug}`,
    );
    await expect(results.locator("mark")).toHaveText(word);
    await expect(results.getByRole("link", { name: "His Blog" })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    await expect(page.getByText("A draft that also mentions")).toHaveCount(0);
    // The words stay in both boxes.
    await expect(navbarBox(page)).toHaveValue(word);
    await expect(page.getByRole("search", { name: "Search posts" }).getByRole("searchbox")).toHaveValue(word);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("a next page is a link; the empty page and no results say so", async ({ page }) => {
    await page.goto(`/search?q=${many}`);
    await expect(page.locator(".search-hit")).toHaveCount(SEARCH_PAGE_SIZE);
    await page.getByRole("link", { name: "More results" }).click();
    await expect(page.locator(".search-hit")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "More results" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "First results" })).toBeVisible();

    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByText("Type a word or two to search")).toBeVisible();
    await page.goto(`/search?q=nothing${stamp}`);
    await expect(page.getByText(`No posts found for “nothing${stamp}”.`)).toBeVisible();
    const tooLong = await page.goto(`/search?q=${"x".repeat(300)}`);
    expect(tooLong?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Search for at most 200 characters.");
  });
});

test.describe("with JavaScript on", () => {
  test("searching moves within the app, shows results and appends the next page", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (msg) => {
      // Another test's post on this worker's server may point at a missing image on purpose (SPEC §8).
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        errors.push(`${msg.location().url} ${msg.text()}`);
    });
    await page.goto("/his-blog");
    await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // Keyboard: from the brand, the next stop is the search box.
    await page.getByRole("link", { name: "Duet", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(navbarBox(page)).toBeFocused();
    await page.keyboard.type(word);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: `Results for “${word}”` })).toBeVisible();
    await expect(page.locator(".search-hit")).toHaveCount(1);
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    await expect(page.getByText(draft.title)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    await searchFromNavbar(page, many);
    await expect(page.locator(".search-hit")).toHaveCount(SEARCH_PAGE_SIZE);
    const before = page.url();
    await page.getByRole("link", { name: "More results" }).click();
    await expect(page.locator(".search-hit")).toHaveCount(SEARCH_PAGE_SIZE + 1);
    expect(page.url()).toBe(before);
    // Focus moves to the first new result, not to the page's start.
    await expect(page.locator(".search-hit-title a").nth(SEARCH_PAGE_SIZE)).toBeFocused();
    await expect(page.getByRole("link", { name: "More results" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("searching too quickly says so (the server's 429), not that the search failed", async ({ page }) => {
    await page.goto("/his-blog");
    await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
    // The server's answer past its per-address limit (search-limit.test.ts shows it gives this).
    await page.route(/\/api\/search\?/, (route) =>
      route.fulfill({
        status: 429,
        json: {
          error: {
            code: "TOO_MANY_REQUESTS",
            message: "You are searching very quickly. Please wait a minute and try again.",
          },
        },
      }),
    );
    await searchFromNavbar(page, `limited${stamp}`);
    await expect(page.getByRole("alert")).toHaveText(
      "You are searching very quickly. Please wait a minute and try again.",
    );
  });

  test("a server-rendered results page hydrates without an error", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (msg) => {
      // Another test's post on this worker's server may point at a missing image on purpose (SPEC §8).
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        errors.push(`${msg.location().url} ${msg.text()}`);
    });
    for (const path of [`/search?q=${word}`, "/search", `/search?q=nothing${stamp}`]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // A later page opened by its address hydrates from where its cursor points.
    const first = await (await page.request.get(`/api/search?q=${many}`)).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    await page.goto(`/search?q=${many}&cursor=${first.nextCursor}`);
    await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
    await expect(page.locator(".search-hit")).toHaveCount(1);
    await page.getByRole("link", { name: "First results" }).click();
    await expect(page.locator(".search-hit")).toHaveCount(SEARCH_PAGE_SIZE);
    expect(errors).toEqual([]);
  });

  for (const theme of ["dark", "light"] as const) {
    test(`results, the empty page and no results have no axe violations (${theme} theme)`, async ({
      page,
    }) => {
      await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
      for (const path of [`/search?q=${word}`, "/search", `/search?q=nothing${stamp}`]) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: "Dark theme" })).toBeEnabled();
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        expect(results.passes.length, "axe checked the page").toBeGreaterThan(10);
        expect(
          results.violations.map(
            (v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          ),
        ).toEqual([]);
      }
    });
  }

  test("on a 360px phone the box fits in the bar and works", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const box = navbarBox(page);
    await expect(box).toBeVisible();
    const width = (await box.boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await searchFromNavbar(page, word);
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
  });
});
