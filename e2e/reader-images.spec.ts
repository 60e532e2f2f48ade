// Images: every image a reader sees has width and height, uses the stored WebP variants
// through srcset, the first loads at once and the rest lazily; a post does not shift on a phone;
// a card without an image gets a placeholder and cards in a row are equally tall.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { BlogPost } from "../src/common/types";
import { expect, test } from "./fixtures";
import { authorClient, pngImage } from "./reader-helpers";

const tag = `pics${randomUUID().slice(0, 6)}`;
let post: BlogPost;

test.beforeAll(async ({ server, accounts, playwright }) => {
  await accounts.ensure("him");
  const request = await playwright.request.newContext();
  const him = await authorClient(request, server, "him");
  const up = async (name: string, w: number, h: number, colour: string) =>
    him.upload(name, await pngImage(w, h, colour));
  const [wide, tall, left, right, small] = await Promise.all([
    up("wide.png", 1200, 800, "#3a6ea5"),
    up("tall.png", 900, 1200, "#a53a6e"),
    up("left.png", 1000, 700, "#6ea53a"),
    up("right.png", 800, 800, "#a5803a"),
    up("small.png", 640, 480, "#3aa5a0"),
  ]);
  const img = (id: string, src: string, position: string, size: string) =>
    `<img class="post-image post-image--${position} post-image--${size}" src="${src}" alt="Picture ${id}" data-image-id="${id}">`;
  const words = (n: number) =>
    `<p>${"We walked along the shore and talked about everything. ".repeat(n)}</p>`;
  // Sizes are not sent: the server reads them from the stored images.
  post = await him.publish({
    title: `Pictures of the coast ${tag}`,
    content:
      words(3) +
      img("w", wide, "full", "large") +
      words(6) +
      img("s", small, "left", "small") +
      words(8) +
      `<div class="image-pair" data-pair="l r">${img("l", left, "center", "medium")}${img("r", right, "center", "medium")}</div>` +
      words(6) +
      img("t", tall, "center", "medium") +
      words(4),
    hashtags: [tag],
    images: [
      { id: "w", url: wide, position: "full", size: "large", pairedWith: null },
      { id: "s", url: small, position: "left", size: "small", pairedWith: null },
      { id: "l", url: left, position: "center", size: "medium", pairedWith: "r" },
      { id: "r", url: right, position: "center", size: "medium", pairedWith: "l" },
      { id: "t", url: tall, position: "center", size: "medium", pairedWith: null },
    ],
    imageUrl: tall,
  });
  // Three more cards for the tag page: two with thumbnails, one without any image.
  await him.publish({ title: `No picture here ${tag}`, content: words(1), hashtags: [tag] });
  for (const [i, url] of [wide, small].entries()) {
    await him.publish({
      title: `Card ${i} ${tag}`,
      content: words(1) + img(`c${i}`, url, "center", "large"),
      hashtags: [tag],
      images: [{ id: `c${i}`, url, position: "center", size: "large", pairedWith: null }],
    });
  }
  await request.dispose();
});

interface ImgFacts {
  src: string;
  currentSrc: string;
  srcset: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchpriority: string | null;
  decoding: string | null;
}

const imagesOf = (page: Page, selector: string): Promise<ImgFacts[]> =>
  page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.getAttribute("src") ?? "",
      currentSrc: img.currentSrc,
      srcset: img.getAttribute("srcset") ?? "",
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      loading: img.getAttribute("loading"),
      fetchpriority: img.getAttribute("fetchpriority"),
      decoding: img.getAttribute("decoding"),
    })),
  );

/** The first image loads at once with high priority, every other lazily, all decoded off the main thread. */
function expectLoadingOrder(images: ImgFacts[]) {
  expect(images.length).toBeGreaterThan(1);
  expect(images[0]).toMatchObject({ loading: "eager", fetchpriority: "high", decoding: "async" });
  for (const img of images.slice(1))
    expect(img).toMatchObject({ loading: "lazy", fetchpriority: null, decoding: "async" });
}

test("a post on a phone: sized, WebP variants, first image eager, and no layout shift", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`/post/${post.id}`);
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();

  const images = await imagesOf(page, ".post-content img");
  expect(images).toHaveLength(5);
  for (const img of images) {
    expect(Number(img.width), img.src).toBeGreaterThan(0);
    expect(Number(img.height), img.src).toBeGreaterThan(0);
    expect(img.srcset, img.src).toContain(".480w.webp 480w");
  }
  expectLoadingOrder(images);
  // Every image on the page has its size; the text's first is the one eager image.
  const all = await imagesOf(page, "main img");
  expect(all.length).toBeGreaterThanOrEqual(images.length);
  for (const img of all) {
    expect(Number(img.width), img.src).toBeGreaterThan(0);
    expect(Number(img.height), img.src).toBeGreaterThan(0);
  }
  expect(all.filter((img) => img.loading !== "lazy")).toEqual([images[0]]);
  // 360 px wide at 1x: the 480w variant, not the 1200 px original.
  await expect
    .poll(async () => (await imagesOf(page, ".post-content img"))[0]!.currentSrc)
    .toMatch(/\.480w\.webp$/);

  // Scroll through the post so every lazy image loads, then wait until all have.
  for (let y = 0; y < 6000; y += 500) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(50);
  }
  await expect
    .poll(() =>
      page
        .locator(".post-content img")
        .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
    )
    .toBe(true);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.01);
});

test("cards: WebP thumbnails with their size, the first eager, a placeholder without an image, equal heights", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tags/${tag}`);
  const cards = page.locator(".post-card");
  await expect(cards).toHaveCount(4);

  const thumbs = await imagesOf(page, ".post-card img");
  expect(thumbs).toHaveLength(3);
  for (const img of thumbs) {
    expect(Number(img.width), img.src).toBeGreaterThan(0);
    expect(Number(img.height), img.src).toBeGreaterThan(0);
  }
  expectLoadingOrder(thumbs);
  // The newest card's 640 px thumbnail comes from its 480w WebP variant, not the original.
  await expect
    .poll(async () => (await imagesOf(page, ".post-card img"))[0]!.currentSrc)
    .toMatch(/\.480w\.webp$/);

  const placeholder = page
    .locator(".post-card", { hasText: "No picture here" })
    .locator(".post-card-placeholder");
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveText("N");
  const [media, empty] = await Promise.all([
    page.locator(".post-card-image").first().boundingBox(),
    placeholder.boundingBox(),
  ]);
  expect(Math.round(empty!.height)).toBe(Math.round(media!.height));

  // Cards in one row (same top) are equally tall, whatever their excerpt or image.
  const boxes = await cards.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
  );
  const rows = new Map<number, DOMRect[]>();
  for (const b of boxes) rows.set(Math.round(b.top), [...(rows.get(Math.round(b.top)) ?? []), b]);
  expect([...rows.values()].some((row) => row.length > 1)).toBe(true);
  for (const row of rows.values()) {
    const heights = new Set(row.map((b) => Math.round(b.height)));
    expect(heights.size).toBe(1);
  }
});
