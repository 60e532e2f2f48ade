import { brotliDecompressSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorKey } from "../../common/limits";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import type { AppContext } from "../context";
import { blogPosts } from "../db/schema";
import { encodeCursor } from "../pagination";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let n = 0;

async function insertPost(
  ctx: AppContext,
  opts: {
    author?: AuthorKey;
    title?: string;
    content?: string;
    excerpt?: string;
    hashtags?: string[];
    date?: Date;
    imageSize?: { width: number; height: number };
  } = {},
) {
  n++;
  const [row] = await ctx.db
    .insert(blogPosts)
    .values({
      title: opts.title ?? `Post ${n}`,
      content: opts.content ?? `<p>Body of post ${n}</p>`,
      excerpt: opts.excerpt ?? "",
      author: opts.author ?? "him",
      hashtags: opts.hashtags ?? [],
      date: opts.date ?? new Date(Date.UTC(2024, 0, 1) + n * 60_000),
      imageUrl: "/uploads/blog-images/1700000000000_thumb.jpg",
      images: [
        {
          id: "img1",
          url: "/uploads/blog-images/1700000000000_thumb.jpg",
          position: "center",
          size: "medium",
          pairedWith: null,
          ...opts.imageSize,
        },
      ],
    })
    .returning();
  t.ctx.cache.invalidate();
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
  t.request({ method: "GET", url, headers, cookie });

async function allPages(query: string, limit: number): Promise<BlogPostCard[]> {
  const seen: BlogPostCard[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await get(`/api/posts?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<BlogPostCard>;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error("pagination did not end");
}

let himOld: Awaited<ReturnType<typeof insertPost>>;
let himNew: Awaited<ReturnType<typeof insertPost>>;
let herPost: Awaited<ReturnType<typeof insertPost>>;

beforeAll(async () => {
  t = await buildTestApp();
  himOld = await insertPost(t.ctx, {
    author: "him",
    title: "Old trip",
    content: `<p>${"Long road ".repeat(40)}</p>`,
    hashtags: ["travel", "food"],
    date: new Date("2024-01-01T10:00:00Z"),
  });
  himNew = await insertPost(t.ctx, {
    author: "him",
    title: "New garden",
    excerpt: "Tomatoes at last",
    hashtags: ["garden"],
    date: new Date("2024-02-01T10:00:00Z"),
    imageSize: { width: 1200, height: 800 },
  });
  herPost = await insertPost(t.ctx, {
    author: "her",
    title: "Her travels",
    hashtags: ["travel"],
    date: new Date("2024-01-15T10:00:00Z"),
  });
});
afterAll(() => t.close());

describe("GET /api/posts?author=", () => {
  it("lists only that author's posts, newest first, as cards", async () => {
    const res = await get("/api/posts?author=him");
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.id)).toEqual([himNew.id, himOld.id]);
    expect(page.nextCursor).toBeNull();
    const card = page.items[0]!;
    expect(card).toEqual({
      id: himNew.id,
      slug: "new-garden",
      title: "New garden",
      excerpt: "Tomatoes at last",
      author: "him",
      date: "2024-02-01T10:00:00.000Z",
      status: "published",
      imageUrl: "/uploads/blog-images/1700000000000_thumb.jpg",
      // The thumbnail's natural size, from the post's image list: the card reserves its space.
      imageWidth: 1200,
      imageHeight: 800,
      hashtags: ["garden"],
      likes: 0,
      lastUpdated: null,
      authorName: "",
    });
    expect(card).not.toHaveProperty("content");
    expect(card).not.toHaveProperty("images");
  });

  it("gives a thumbnail of unknown size as null width and height", async () => {
    const page = (await get("/api/posts?author=him")).json() as Page<BlogPostCard>;
    const old = page.items.find((p) => p.id === himOld.id)!;
    expect([old.imageWidth, old.imageHeight]).toEqual([null, null]);
  });

  it("resolves an empty excerpt to the first 150 characters of text plus '...' (SPEC §5)", async () => {
    const page = (await get("/api/posts?author=him")).json() as Page<BlogPostCard>;
    const old = page.items.find((p) => p.id === himOld.id)!;
    expect(old.excerpt).toBe(`${"Long road ".repeat(15)}...`);
  });

  it("answers the same to a visitor, a reader, the other author and the owner", async () => {
    const expected = (await get("/api/posts?author=her")).json();
    for (const role of ["user", "him", "her"] as const) {
      const who = await t.as(role);
      const res = await get("/api/posts?author=her", {}, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it("pages through posts with equal dates without duplicates or gaps", async () => {
    const same = new Date("2023-06-01T12:00:00Z");
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await insertPost(t.ctx, { author: "her", date: same })).id);
    // Microseconds JavaScript cannot hold: rows inside the same millisecond.
    for (const micros of [
      "2023-06-01T11:00:00.123456Z",
      "2023-06-01T11:00:00.123999Z",
      "2023-06-01T11:00:00.123001Z",
    ]) {
      const [row] = await t.ctx.db
        .insert(blogPosts)
        .values({
          title: `Micro ${micros}`,
          content: "<p>x</p>",
          author: "her",
          date: sql`${micros}::timestamptz` as unknown as Date,
        })
        .returning({ id: blogPosts.id });
      ids.push(row!.id);
    }
    t.ctx.cache.invalidate();
    const all = (await get("/api/posts?author=her&limit=50")).json() as Page<BlogPostCard>;
    for (const limit of [1, 2, 3, 4]) {
      const paged = await allPages("author=her", limit);
      expect(paged.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
    }
    expect(new Set(all.items.map((p) => p.id)).size).toBe(all.items.length);
    for (const id of ids) expect(all.items.some((p) => p.id === id)).toBe(true);
    // Newest first; equal dates ordered by id, descending.
    const dates = all.items.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const tied = all.items.filter((p) => p.date === same.toISOString()).map((p) => p.id);
    expect(tied).toHaveLength(7);
    expect([...tied].sort().reverse()).toEqual(tied);
  });

  it("defaults to pages of 12 with a cursor to the next", async () => {
    for (let i = 0; i < 13; i++) await insertPost(t.ctx, { author: "him", hashtags: ["bulk"] });
    const page = (await get("/api/posts?tag=bulk")).json() as Page<BlogPostCard>;
    expect(page.items).toHaveLength(12);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = (await get(`/api/posts?tag=bulk&cursor=${page.nextCursor}`)).json() as Page<BlogPostCard>;
    expect(next.items).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
  });
});

describe("GET /api/posts?tag=", () => {
  it("lists posts of both authors whose hashtags contain the tag, newest first", async () => {
    const page = (await get("/api/posts?tag=travel")).json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.id)).toEqual([herPost.id, himOld.id]);
  });

  it("reads the tag as stored: '#Travel' finds 'travel'", async () => {
    const page = (await get("/api/posts?tag=%23Travel")).json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.id)).toEqual([herPost.id, himOld.id]);
  });

  it("gives an empty page for a tag nobody used", async () => {
    const res = await get("/api/posts?tag=nothing-here");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it("can narrow a tag to one author", async () => {
    const page = (await get("/api/posts?tag=travel&author=her")).json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.id)).toEqual([herPost.id]);
  });
});

describe("GET /api/posts › malformed query strings get a clear 400", () => {
  const cases: Array<[string, string]> = [
    ["limit=0", "limit must be a whole number from 1 to 50."],
    ["limit=-1", "limit must be a whole number from 1 to 50."],
    ["limit=abc", "limit must be a whole number from 1 to 50."],
    ["limit=51", "limit must be a whole number from 1 to 50."],
    ["limit=1e3", "limit must be a whole number from 1 to 50."],
    ["limit=2.5", "limit must be a whole number from 1 to 50."],
    ["limit=99999999999999999999999999", "limit must be a whole number from 1 to 50."],
    ["limit=", "limit must be a whole number from 1 to 50."],
    ["limit=1&limit=2", "limit must be a whole number from 1 to 50."],
    ["author=them", "author must be 'him' or 'her'."],
    ["author=HIM", "author must be 'him' or 'her'."],
    ["author=him&author=her", "author must be 'him' or 'her'."],
    ["sort=asc", "Unknown field: sort."],
    ["cursor=not-a-cursor!", "cursor is not valid."],
    [`cursor=${Buffer.from("yesterday|1").toString("base64url")}`, "cursor is not valid."],
    [`cursor=${"A".repeat(5000)}`, "cursor is not valid."],
    ["tag=", "tag must be 1 to 40 characters."],
    ["tag=a%01b", "tag must be 1 to 40 characters."],
    ["tag=%23", "tag must be 1 to 40 characters."],
    [`tag=${"x".repeat(41)}`, "tag must be 1 to 40 characters."],
    [`tag=${"x".repeat(100_000)}`, "tag must be at most 40 characters."],
  ];
  for (const [query, message] of cases) {
    it(`?${query.length > 60 ? `${query.slice(0, 60)}…` : query} › 400 "${message}"`, async () => {
      const res = await get(`/api/posts?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    });
  }

  it("?tag=a%00b › 400, never a 500 (PostgreSQL text cannot hold U+0000)", async () => {
    const res = await get("/api/posts?tag=a%00b");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("accepts a cursor made for a date that has no post", async () => {
    const cursor = encodeCursor({
      at: "2024-01-10T00:00:00.000000Z",
      id: "00000000-0000-0000-0000-000000000000",
    });
    const page = (await get(`/api/posts?author=him&cursor=${cursor}`)).json() as Page<BlogPostCard>;
    expect(page.items.map((p) => p.id)).toContain(himOld.id);
    expect(page.items.map((p) => p.id)).not.toContain(himNew.id);
  });
});

describe("GET /api/posts/:id", () => {
  it("returns the whole post with SPEC field names", async () => {
    const res = await get(`/api/posts/${himOld.id}`);
    expect(res.statusCode).toBe(200);
    const post = res.json() as BlogPost;
    expect(post).toEqual({
      id: himOld.id,
      slug: "old-trip",
      title: "Old trip",
      content: himOld.content,
      // The excerpt as written (empty): the editor loads it, cards resolve it (SPEC §5).
      excerpt: "",
      author: "him",
      date: "2024-01-01T10:00:00.000Z",
      status: "published",
      imageUrl: "/uploads/blog-images/1700000000000_thumb.jpg",
      images: [
        {
          id: "img1",
          url: "/uploads/blog-images/1700000000000_thumb.jpg",
          position: "center",
          size: "medium",
          pairedWith: null,
        },
      ],
      hashtags: ["travel", "food"],
      likes: 0,
      lastUpdated: null,
      sendToFollowers: true,
    });
  });

  it("answers the same to every role", async () => {
    for (const role of ["user", "him", "her"] as const) {
      const who = await t.as(role);
      const res = await get(`/api/posts/${herPost.id}`, {}, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(herPost.id);
    }
  });

  for (const id of [
    "00000000-0000-4000-8000-000000000000",
    "not-a-uuid",
    "1",
    "%27%20or%201%3D1--",
    "x".repeat(400),
  ]) {
    it(`unknown or malformed id ${id.slice(0, 40)} › 404 'Post not found'`, async () => {
      const res = await get(`/api/posts/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Post not found" } });
    });
  }

  it("an id too long for the router › 414, never a 500", async () => {
    const res = await get(`/api/posts/${"x".repeat(2000)}`);
    expect(res.statusCode).toBe(414);
  });
});

describe("caching of public reads", () => {
  it("sends an ETag and answers 304 to If-None-Match", async () => {
    for (const url of ["/api/posts?author=him", `/api/posts/${himNew.id}`, "/api/posts?tag=travel"]) {
      const res = await get(url);
      expect(res.headers["cache-control"]).toBe("public, no-cache");
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, { "if-none-match": etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      const weak = await get(url, { "if-none-match": `W/${etag}` });
      expect(weak.statusCode).toBe(304);
      const other = await get(url, { "if-none-match": '"something-else"' });
      expect(other.statusCode).toBe(200);
    }
  });

  it("keeps serving from memory until a write invalidates, then serves fresh data", async () => {
    const url = `/api/posts/${himNew.id}`;
    const before = await get(url);
    await t.ctx.db.update(blogPosts).set({ title: "Renamed garden" }).where(eq(blogPosts.id, himNew.id));
    // Without invalidate() the cached answer stands: proof that reads are not hitting the database.
    expect((await get(url)).json().title).toBe("New garden");
    t.ctx.cache.invalidate();
    const after = await get(url);
    expect(after.json().title).toBe("Renamed garden");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get(url, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(200);
    const list = (await get("/api/posts?author=him&limit=50")).json() as Page<BlogPostCard>;
    expect(list.items.find((p) => p.id === himNew.id)?.title).toBe("Renamed garden");
  });

  it("compresses once: a brotli answer decodes to the same JSON", async () => {
    const plain = await get("/api/posts?author=her&limit=50");
    const br = await get("/api/posts?author=her&limit=50", { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(plain.json());
  });
});
