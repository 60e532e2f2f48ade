// A blog to read: the home page's latest posts of both blogs, the post page's author,
// reading time, feature image, author card and previous / next post, and the blogs' RSS links;
// with JavaScript and without.
//
// Her profile is set here (name, bio, photo); his is left as it starts (no name, no photo, no bio),
// which is what the fallbacks are checked on (and what reader-post expects: 'By Him').
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { unique } from "./engagement-helpers";
import { expect, test } from "./fixtures";
import { authorClient, pngImage } from "./reader-helpers";

const BIO = "Grows tomatoes, reads timetables, writes about both.";
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

let first: BlogPost;
let middle: BlogPost;
let last: BlogPost;
let draft: BlogPost;
let his: BlogPost;
let photoUrl: string;
let thumbUrl: string;

test.beforeAll(async ({ server, accounts, playwright }) => {
  await accounts.ensure("him");
  await accounts.ensure("her");
  const herRequest = await playwright.request.newContext();
  const himRequest = await playwright.request.newContext();
  const her = await authorClient(herRequest, server, "her");
  // Far larger than its circle, as a phone photo is: readers get a WebP variant of it.
  photoUrl = await her.upload("ana.png", await pngImage(800, 800, "#b0356e"));
  thumbUrl = await her.upload("garden.png", await pngImage(320, 180, "#4c8a3f"));
  await her.setProfile({ name: "Ana Lima", bio: BIO, photoUrl });
  const him = await authorClient(himRequest, server, "him");
  // Enough posts for a full home page even when this file runs alone.
  for (const n of [1, 2]) await him.publish({ title: unique(`His older ${n}`), content: "<p>Older.</p>" });
  // Its thumbnail is in the text: shown there, not again as a feature image.
  first = await her.publish({
    title: unique("Seeds in March"),
    content: `<p>Short one.</p><img class="post-image post-image--center post-image--small" src="${thumbUrl}" alt="Seeds" data-image-id="s">`,
    images: [{ id: "s", url: thumbUrl, position: "center", size: "small", pairedWith: null, alt: "Seeds" }],
    imageUrl: thumbUrl,
  });
  middle = await her.publish({
    title: unique("A long read about soil"),
    content: `<h2>Soil</h2><p>${words(230 * 3)}</p>`,
  });
  draft = await her.publish({
    title: unique("Unfinished draft"),
    content: "<p>Not yet.</p>",
    status: "draft",
  });
  // Its thumbnail is kept out of the text (uploaded, chosen, not inserted): the feature image.
  last = await her.publish({
    title: unique("The garden in June"),
    content: "<p>Everything is green.</p>",
    images: [
      { id: "g", url: thumbUrl, position: "center", size: "medium", pairedWith: null, alt: "The garden" },
    ],
    imageUrl: thumbUrl,
  });
  his = await him.publish({
    title: unique("His newest"),
    content: "<p>Fresh from his side.</p>",
  });
  await herRequest.dispose();
  await himRequest.dispose();
});

async function expectLatestPosts(page: Page) {
  await page.goto("/");
  // SPEC §2 home stays: hero, the two featured cards, About Us.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to");
  await expect(page.getByRole("link", { name: /His Blog/ }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
  const latest = page.getByRole("region", { name: "Latest posts" });
  const cards = latest.locator(".post-card");
  await expect(cards).toHaveCount(6);
  // Newest first, both blogs, each labelled with its blog; the draft never.
  await expect(cards.nth(0)).toContainText(his.title);
  await expect(cards.nth(0).locator(".post-card-blog")).toHaveText("His Blog");
  await expect(cards.nth(1)).toContainText(last.title);
  await expect(cards.nth(1).locator(".post-card-blog")).toHaveText("Her Blog");
  // Every card names the author as her profile does; his has none, so 'Him'.
  await expect(cards.nth(1)).toContainText("By Ana Lima");
  await expect(cards.nth(0)).toContainText("By Him");
  await expect(cards.nth(2).locator(".post-card-blog")).toHaveText("Her Blog");
  await expect(latest.getByRole("link", { name: middle.title })).toHaveAttribute(
    "href",
    `/post/${middle.slug}`,
  );
  await expect(latest).not.toContainText(draft.title);
  // The page's first image (hero and featured cards have none) loads at once, the others lazily.
  await expect(latest.locator("img").first()).toHaveAttribute("fetchpriority", "high");
}

async function expectPostExtras(page: Page) {
  await page.goto(`/post/${middle.id}`);
  const article = page.getByRole("article");
  await expect(page.getByRole("heading", { level: 1, name: middle.title })).toBeVisible();
  // Near the title: her name (linking to her blog), photo, one-line bio and the reading time.
  const byline = article.locator(".post-byline");
  await expect(byline.getByRole("link", { name: "Ana Lima" })).toHaveAttribute("href", "/her-blog");
  await expect(byline.locator(".post-reading-time")).toHaveText("3 min read");
  await expect(byline.locator(".post-byline-bio")).toHaveText(BIO);
  const photo = byline.locator("img.author-avatar");
  await expect(photo).toHaveAttribute("src", photoUrl);
  // Square, with its size, so the byline keeps its space before the photo arrives.
  await expect(photo).toHaveAttribute("width", "96");
  await expect(photo).toHaveAttribute("height", "96");
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The stored WebP variants through srcset/sizes (the circle's size), not the 800px original.
  await expect(photo).toHaveAttribute("srcset", `${photoUrl}.480w.webp 480w, ${photoUrl} 800w`);
  await expect(photo).toHaveAttribute("sizes", "44px");
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
    .toBe(`${photoUrl}.480w.webp`);
  const cardPhoto = article.locator(".author-card img.author-avatar");
  await expect(cardPhoto).toHaveAttribute("srcset", `${photoUrl}.480w.webp 480w, ${photoUrl} 800w`);
  await expect(cardPhoto).toHaveAttribute("sizes", "(max-width: 520px) 56px, 72px");
  // Its content does not open with a thumbnail, and it has none: no feature image.
  await expect(article.locator(".post-feature")).toHaveCount(0);
  // At the end: the author card, and the neighbouring posts of her blog (the draft skipped).
  const card = article.locator(".author-card");
  await expect(card.getByRole("heading", { level: 2, name: "Ana Lima" })).toBeVisible();
  await expect(card).toContainText(BIO);
  await expect(card.getByRole("link", { name: "More from Her Blog →" })).toHaveAttribute("href", "/her-blog");
  const nav = page.getByRole("navigation", { name: "More from Her Blog" });
  await expect(nav.getByRole("link", { name: `← Previous post ${first.title}` })).toHaveAttribute(
    "href",
    `/post/${first.slug}`,
  );
  await expect(nav.getByRole("link", { name: `Next post → ${last.title}` })).toHaveAttribute(
    "href",
    `/post/${last.slug}`,
  );
  // Her sidebar keeps the SPEC widget (or its fallback).
  await expect(page.locator(".with-sidebar")).toBeVisible();
}

async function expectFeatureImageAndEnd(page: Page) {
  await page.goto(`/post/${last.id}`);
  const article = page.getByRole("article");
  const feature = article.locator(".post-feature img");
  await expect(feature).toHaveAttribute("src", thumbUrl);
  await expect(feature).toHaveAttribute("alt", "The garden");
  expect(await feature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Above the text.
  const featureBox = (await feature.boundingBox())!;
  const textBox = (await article.getByText("Everything is green.").boundingBox())!;
  expect(featureBox.y).toBeLessThan(textBox.y);
  // A 16:9 box whatever the photo's shape; the page's first image, so it loads at once.
  expect(featureBox.width / featureBox.height).toBeCloseTo(16 / 9, 1);
  await expect(feature).toHaveAttribute("fetchpriority", "high");
  await expect(article.locator(".post-reading-time")).toHaveText("1 min read");
  // The newest post of her blog: a previous post, no next one.
  const nav = page.getByRole("navigation", { name: "More from Her Blog" });
  await expect(nav.getByRole("link", { name: `← Previous post ${middle.title}` })).toBeVisible();
  await expect(nav.getByText("Next post →")).toHaveCount(0);
}

async function expectNoDuplicate(page: Page) {
  await page.goto(`/post/${first.id}`);
  const article = page.getByRole("article");
  await expect(article.locator(".post-content img")).toHaveAttribute("src", thumbUrl);
  await expect(article.locator(".post-feature")).toHaveCount(0);
  await expect(article.locator(`img[src="${thumbUrl}"]`)).toHaveCount(1);
}

async function expectFallbacks(page: Page) {
  // His profile was never saved: the name he registered with ('Him'), its initials in place of a
  // photo (byline and card), no bio, and a card without a bio.
  await page.goto(`/post/${his.id}`);
  const article = page.getByRole("article");
  await expect(article.locator(".post-byline")).toContainText("By Him");
  await expect(article.locator(".author-avatar")).toHaveCount(2);
  await expect(article.locator(".author-avatar").first()).toHaveText("H");
  await expect(article.locator(".post-byline-bio")).toHaveCount(0);
  await expect(article.locator(".author-card-name")).toHaveText("Him");
  await expect(article.locator(".author-card-bio")).toHaveCount(0);
  await expect(article.locator(".post-feature")).toHaveCount(0);
  await expect(article.locator("img")).toHaveCount(0);
}

async function expectFeedLinks(page: Page, request: import("@playwright/test").APIRequestContext) {
  for (const [path, title] of [
    ["/his-blog", "His Blog"],
    ["/her-blog", "Her Blog"],
  ] as const) {
    await page.goto(path);
    const feed = `${path}/feed.xml`;
    await expect(page.getByRole("link", { name: "RSS feed" })).toHaveAttribute("href", feed);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      feed,
    );
    const res = await request.get(feed);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain(`<title>${title} - Duet</title>`);
  }
  await page.goto("/");
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(3);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the home page adds the latest posts of both blogs, each with its blog", async ({ page }) => {
      await expectLatestPosts(page);
    });

    test("a post shows its author, reading time, author card and neighbours", async ({ page }) => {
      await expectPostExtras(page);
    });

    test("the thumbnail is the feature image; the newest post has no next post", async ({ page }) => {
      await expectFeatureImageAndEnd(page);
    });

    test("a thumbnail the author put in the text is not shown twice", async ({ page }) => {
      await expectNoDuplicate(page);
    });

    test("an author without a profile gets plain fallbacks, no broken images", async ({ page }) => {
      await expectFallbacks(page);
    });

    test("the blog pages link their RSS feed, visibly and in the head", async ({ page }) => {
      await expectFeedLinks(page, page.request);
    });
  });
}

test("in the app, 'Next post' opens the next post with its own reading time and feature image", async ({
  page,
}) => {
  await page.goto(`/post/${middle.id}`);
  await expect(page.locator(".post-reading-time")).toHaveText("3 min read");
  await page.getByRole("link", { name: `Next post → ${last.title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: last.title })).toBeVisible();
  await expect(page.locator(".post-reading-time")).toHaveText("1 min read");
  await expect(page.locator(".post-feature img")).toHaveAttribute("src", thumbUrl);
  await page.getByRole("link", { name: `← Previous post ${middle.title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: middle.title })).toBeVisible();
});

test("an author photo that fails to load gives way to their initials", async ({ page }) => {
  // The original and its WebP variants alike.
  await page.route(`**${photoUrl}*`, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(`/post/${middle.id}`);
  const byline = page.locator(".post-byline");
  await expect(byline.locator(".author-avatar--initials")).toHaveText("AL");
  // The card's photo loads lazily: once the reader gets there.
  await page.locator(".author-card").scrollIntoViewIfNeeded();
  await expect(page.locator(".author-card .author-avatar--initials")).toHaveText("AL");
  await expect(page.locator("img.author-avatar")).toHaveCount(0);
});

for (const theme of ["dark", "light"] as const) {
  test(`axe: the home page and a post with its author, card and neighbours (${theme} theme)`, async ({
    page,
  }) => {
    await page.addInitScript((t) => localStorage.setItem("duet-theme", t), theme);
    for (const path of ["/", `/post/${middle.id}`, `/post/${last.id}`, "/her-blog"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      expect(
        results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
      ).toEqual([]);
    }
  });
}
