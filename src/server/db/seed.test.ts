import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import { sanitizePostHtml } from "../content/sanitize";
import { buildTestApp, type TestApp } from "../test/test-app";
import { DEMO_POST_COUNT, seedDemo } from "./seed";

let t: TestApp;
let added: number;

beforeAll(async () => {
  t = await buildTestApp();
  added = await seedDemo(t.ctx.db, t.ctx.storage, { now: new Date("2025-06-01T12:00:00Z") });
  t.ctx.cache.invalidate();
});
afterAll(() => t.close());

const list = async (query: string) =>
  (await t.request({ method: "GET", url: `/api/posts?${query}&limit=50` })).json() as Page<BlogPostCard>;

describe("demo seed (SEED_DEMO)", () => {
  it("adds at least 6 posts per author, dated over weeks", async () => {
    expect(added).toBe(DEMO_POST_COUNT);
    const him = await list("author=him");
    const her = await list("author=her");
    expect(him.items.length).toBeGreaterThanOrEqual(6);
    expect(her.items.length).toBeGreaterThanOrEqual(6);
    const dates = [...him.items, ...her.items].map((p) => Date.parse(p.date));
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(21 * 86_400_000);
  });

  it("gives both authors overlapping hashtags", async () => {
    for (const tag of ["travel", "food", "home", "garden"]) {
      const authors = new Set((await list(`tag=${tag}`)).items.map((p) => p.author));
      expect(authors).toEqual(new Set(["him", "her"]));
    }
  });

  it("has a post long enough to show the excerpt rule", async () => {
    const cards = (await list("author=him")).items;
    const walk = cards.find((p) => p.title === "A long walk on the ridge")!;
    expect(walk.excerpt).toHaveLength(153);
    expect(walk.excerpt.endsWith("...")).toBe(true);
  });

  it("uses real JPEG images from DATA_DIR/uploads, in the editor's markup, including a pair", async () => {
    const cards = [...(await list("author=him")).items, ...(await list("author=her")).items];
    const withImages = cards.filter((p) => p.imageUrl);
    expect(withImages.length).toBeGreaterThanOrEqual(8);
    const url = withImages[0]!.imageUrl!;
    expect(url).toMatch(/^\/uploads\/blog-images\/\d+_[a-z]+\.jpg$/);
    const served = await t.request({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(readFileSync(path.join(t.config.dataDir, url.replace(/^\//, "")))).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 800 });

    const lisbonId = cards.find((p) => p.title === "A weekend in Lisbon")!.id;
    const lisbon = (await t.request({ method: "GET", url: `/api/posts/${lisbonId}` })).json() as BlogPost;
    expect(lisbon.content).toMatch(
      /<div class="image-pair" data-pair="seed-lisbon seed-tram"><img class="post-image post-image--left post-image--medium" src="\/uploads\/blog-images\/\d+_lisbon\.jpg" alt="Lisbon roofs" data-image-id="seed-lisbon"\s*\/?>/,
    );
    expect(lisbon.images.map((i) => [i.id, i.pairedWith])).toEqual([
      ["seed-lisbon", "seed-tram"],
      ["seed-tram", "seed-lisbon"],
    ]);
  });

  it("writes content through the server's sanitiser without losing its images or styles", async () => {
    const cards = [...(await list("author=him")).items, ...(await list("author=her")).items];
    for (const card of cards) {
      const post = (await t.request({ method: "GET", url: `/api/posts/${card.id}` })).json() as BlogPost;
      expect(sanitizePostHtml(post.content)).toBe(post.content);
      // Every image is in the text, except a thumbnail kept out of it (the post's feature image).
      const inText = post.images.filter((i) => post.content.includes(`data-image-id="${i.id}"`));
      expect(post.content.match(/<img /g)?.length ?? 0).toBe(inText.length);
      expect(post.images.filter((i) => !inText.includes(i)).map((i) => i.url)).toEqual(
        ["Sunrise over the harbour", "Spring in the vegetable patch"].includes(post.title)
          ? [post.imageUrl]
          : [],
      );
      if (post.title === "A weekend in Lisbon")
        expect(post.content).toContain('<span style="font-family: Georgia">');
    }
  });

  it("does nothing when the blog already has posts", async () => {
    expect(await seedDemo(t.ctx.db, t.ctx.storage)).toBe(0);
    expect((await list("author=him")).items.length + (await list("author=her")).items.length).toBe(
      DEMO_POST_COUNT,
    );
  });
});
