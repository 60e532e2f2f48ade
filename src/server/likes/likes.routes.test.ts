import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, postLikes } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const likeUrl = (id: string) => `/api/posts/${id}/like`;

async function likeRows(postId: string) {
  const [row] = await t.ctx.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return row!.n;
}
async function likeCount(postId: string) {
  const [row] = await t.ctx.db
    .select({ likes: blogPosts.likes })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  return row!.likes;
}

describe("GET /api/posts/:id/like", () => {
  it("tells a visitor the count and that they do not like it", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const res = await t.request({ method: "GET", url: likeUrl(post.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liked: false, likes: 0 });
  });

  it("tells a signed-in reader whether they like it", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.signUp();
    await t.request({ method: "POST", url: likeUrl(post.id), cookie: reader.cookie });
    const mine = await t.request({ method: "GET", url: likeUrl(post.id), cookie: reader.cookie });
    expect(mine.json()).toEqual({ liked: true, likes: 1 });
    const other = await t.signUp();
    const theirs = await t.request({ method: "GET", url: likeUrl(post.id), cookie: other.cookie });
    expect(theirs.json()).toEqual({ liked: false, likes: 1 });
  });

  it("answers 404 'Post not found' for an unknown or malformed id", async () => {
    for (const id of ["7d1f4c5e-0000-4000-8000-000000000000", "not-a-uuid", "'; drop table x; --"]) {
      const res = await t.request({ method: "GET", url: likeUrl(encodeURIComponent(id)) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Post not found" } });
    }
  });
});

describe("POST /api/posts/:id/like", () => {
  it("refuses a visitor with 401 'Please log in to like posts' and stores nothing", async () => {
    const post = await createPost(t.ctx);
    const res = await t.request({ method: "POST", url: likeUrl(post.id) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Please log in to like posts");
    expect(await likeRows(post.id)).toBe(0);
    expect(await likeCount(post.id)).toBe(0);
  });

  it("adds a like (count +1, record created), then removes it (count -1, record deleted)", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.signUp();
    const first = await t.request({ method: "POST", url: likeUrl(post.id), cookie: reader.cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, likes: 1 });
    const [record] = await t.ctx.db.select().from(postLikes).where(eq(postLikes.postId, post.id));
    expect(record).toMatchObject({ postId: post.id, userId: reader.id });
    expect(record!.timestamp).toBeInstanceOf(Date);

    const second = await t.request({ method: "POST", url: likeUrl(post.id), cookie: reader.cookie });
    expect(second.json()).toEqual({ liked: false, likes: 0 });
    expect(await likeRows(post.id)).toBe(0);
  });

  it("lets every role like: reader, the other author and the post's own author", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    for (const role of ["user", "her", "him"] as const) {
      const who = await t.as(role);
      const res = await t.request({ method: "POST", url: likeUrl(post.id), cookie: who.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().liked).toBe(true);
    }
    expect(await likeCount(post.id)).toBe(3);
    expect(await likeRows(post.id)).toBe(3);
  });

  it("answers 404 for an unknown or malformed post id", async () => {
    const reader = await t.as("user");
    for (const id of ["7d1f4c5e-0000-4000-8000-000000000000", "abc"]) {
      const res = await t.request({ method: "POST", url: likeUrl(id), cookie: reader.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Post not found");
    }
  });

  it("rejects a body with unknown fields with 400 and changes nothing", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    const res = await t.request({
      method: "POST",
      url: likeUrl(post.id),
      cookie: reader.cookie,
      payload: { likes: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(await likeCount(post.id)).toBe(0);
  });

  it("refuses a cross-site request with 403", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    const res = await t.request({
      method: "POST",
      url: likeUrl(post.id),
      cookie: reader.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("CROSS_SITE");
    expect(await likeRows(post.id)).toBe(0);
  });

  it("shows the new count in the post's public data at once (cache invalidated)", async () => {
    const post = await createPost(t.ctx);
    const before = t.ctx.cache.version;
    const reader = await t.as("user");
    await t.request({ method: "POST", url: likeUrl(post.id), cookie: reader.cookie });
    expect(t.ctx.cache.version).toBeGreaterThan(before);
  });

  it("keeps count == records under 200+ concurrent toggles from 50 users", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    // Signed up side by side: password hashing runs on libuv's threads, not one at a time.
    const users: TestUser[] = await Promise.all(Array.from({ length: 50 }, () => t.signUp()));
    // Each user toggles 4 or 5 times, all at once: 225 concurrent requests.
    const toggles = users.flatMap((u, i) => Array.from({ length: i % 2 === 0 ? 5 : 4 }, () => u));
    expect(toggles.length).toBeGreaterThanOrEqual(200);
    const results = await Promise.all(
      toggles.map((u) => t.request({ method: "POST", url: likeUrl(post.id), cookie: u.cookie })),
    );
    for (const res of results) expect(res.statusCode).toBe(200);

    const rows = await likeRows(post.id);
    expect(await likeCount(post.id)).toBe(rows);
    // An odd number of toggles leaves a like, an even number none: 25 users toggled 5 times.
    expect(rows).toBe(25);
    // Nobody holds two likes on one post (the primary key), and each user's final state is consistent.
    for (const u of users) {
      const res = await t.request({ method: "GET", url: likeUrl(post.id), cookie: u.cookie });
      expect(res.json().liked).toBe(users.indexOf(u) % 2 === 0);
    }
  }, 120_000);
});
