import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, PostImage } from "../../common/types";
import { blogPosts } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { backfillImageSizes } from "./image-sizes";

let t: TestApp;
let him: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
});
afterAll(() => t.close());

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

const image = (id: string, url: string, size: Partial<PostImage> = {}): PostImage => ({
  id,
  url,
  position: "center",
  size: "large",
  pairedWith: null,
  ...size,
});

const content = (id: string, url: string) =>
  `<p>x</p><img class="post-image post-image--center post-image--large" src="${url}" alt="" data-image-id="${id}">`;

describe("image sizes of a post", () => {
  it("are read from the stored original, whatever the client sent", async () => {
    const key = "blog-images/1700000000001_wide.jpg";
    await t.ctx.storage.put(key, await jpeg(1200, 800));
    const url = `/uploads/${key}`;
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: {
        title: "Sized",
        author: "him",
        content: content("a", url),
        images: [image("a", url, { width: 5000, height: 10 })],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as BlogPost;
    expect(post.images[0]).toMatchObject({ width: 1200, height: 800 });
    // The variants its width implies exist (an image stored without them gets them now).
    for (const w of [480, 960]) expect(await t.ctx.storage.exists(`${key}.${w}w.webp`)).toBe(true);
    expect(await t.ctx.storage.exists(`${key}.1600w.webp`)).toBe(false);

    const list = (await t.request({ method: "GET", url: "/api/posts?author=him" })).json();
    expect(list.items[0]).toMatchObject({ imageUrl: url, imageWidth: 1200, imageHeight: 800 });
  });

  it("keep what the client sent for an image storage does not have", async () => {
    const url = "/uploads/blog-images/1700000000002_gone.jpg";
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      payload: { title: "Gone", author: "him", content: content("g", url), images: [image("g", url)] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as BlogPost).images[0]).not.toHaveProperty("width");
  });

  it("are recorded at start for posts written without them, once", async () => {
    const key = "blog-images/1700000000003_old.jpg";
    await t.ctx.storage.put(key, await jpeg(1000, 1500));
    const url = `/uploads/${key}`;
    const [row] = await t.ctx.db
      .insert(blogPosts)
      .values({
        title: "Old",
        content: content("o", url),
        author: "her",
        imageUrl: url,
        images: [image("o", url), image("m", "/uploads/blog-images/1700000000004_missing.jpg")],
      })
      .returning();
    expect(await backfillImageSizes(t.ctx.db, t.ctx.storage)).toBeGreaterThanOrEqual(1);
    const [after] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, row!.id));
    expect(after!.images[0]).toMatchObject({ width: 1000, height: 1500 });
    expect(after!.images[1]).not.toHaveProperty("width");
    expect(after!.lastUpdated).toBeNull();
    expect(await t.ctx.storage.exists(`${key}.960w.webp`)).toBe(true);
    // Nothing left it can complete: a second start changes nothing.
    expect(await backfillImageSizes(t.ctx.db, t.ctx.storage)).toBe(0);
  });
});
