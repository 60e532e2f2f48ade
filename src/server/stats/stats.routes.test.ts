import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, comments, followers, postLikes } from "../db/schema";
import { createPost } from "../test/factories";
import { sendBeacon } from "../test/stats-beacons";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie: cookie ?? null });

describe("GET /api/stats › who may read", () => {
  it("asks a visitor to log in (401) and refuses a signed-in reader (403)", async () => {
    const visitor = await get("/api/stats");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe("UNAUTHORIZED");
    const reader = await t.as("user");
    const res = await get("/api/stats?scope=both", reader.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Only the blog's authors can do that." },
    });
  });

  it("gives each author their own blog by default, and either author either blog or both", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    await sendBeacon(t, { p: `/post/${post.id}` });
    await t.ctx.stats.flush();
    const him = await t.as("him");
    const her = await t.as("her");
    const own = (await get("/api/stats", her.cookie)).json();
    expect(own).toMatchObject({ scope: "her", range: "7d", bucket: "day" });
    expect(own.series).toHaveLength(7);
    expect(own.totals.views).toBe(1);
    expect((await get("/api/stats", him.cookie)).json()).toMatchObject({
      scope: "him",
      totals: { views: 0 },
    });
    const hers = (await get("/api/stats?scope=her&range=30d", him.cookie)).json();
    expect(hers).toMatchObject({ scope: "her", totals: { views: 1 } });
    expect(hers.series).toHaveLength(30);
    const day = (await get("/api/stats?scope=both&range=24h", him.cookie)).json();
    expect(day.bucket).toBe("hour");
    expect(day.series).toHaveLength(24);
    expect(day.series.at(-1).t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    expect((await get("/api/stats?range=365d", him.cookie)).json().series).toHaveLength(365);
  });

  it.each([
    ["an unknown scope", "scope=all", "scope must be him, her or both."],
    ["an unknown range", "range=1y", "range must be 24h, 7d, 30d or 365d."],
    ["a repeated range", "range=7d&range=30d", "range must be 24h, 7d, 30d or 365d."],
    ["an unknown parameter", "range=7d&limit=5", "Unknown field: limit."],
    ["a huge parameter", `scope=${"x".repeat(10_000)}`, "scope must be him, her or both."],
  ])("refuses %s with 400", async (_what, query, message) => {
    const him = await t.as("him");
    const res = await get(`/api/stats?${query}`, him.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
  });
});

describe("GET /api/stats › unpublished posts", () => {
  it("does not count a beacon naming a draft, and keeps a post taken back to draft from the other author", async () => {
    const draft = await createPost(t.ctx, { author: "her", title: "Secret draft" });
    await t.ctx.db.update(blogPosts).set({ status: "draft" }).where(eq(blogPosts.id, draft.id));
    await sendBeacon(t, { p: `/post/${draft.id}` });
    const withdrawn = await createPost(t.ctx, { author: "her", title: "Taken back" });
    await sendBeacon(t, { p: `/post/${withdrawn.id}` });
    await t.ctx.stats.flush();
    await t.ctx.db.update(blogPosts).set({ status: "draft" }).where(eq(blogPosts.id, withdrawn.id));

    const titles = async (who: "him" | "her") =>
      (await get("/api/stats?scope=her", (await t.as(who)).cookie))
        .json()
        .topPosts.map((p: { title: string }) => p.title);
    expect(await titles("him")).not.toContain("Taken back");
    expect(await titles("him")).not.toContain("Secret draft");
    expect(await titles("her")).toContain("Taken back");
    expect(await titles("her")).not.toContain("Secret draft");
  });
});

describe("GET /api/stats › likes, comments and followers per day", () => {
  it("reads them from their own tables, for the post's author's blog", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const reader = await t.as("user");
    await t.ctx.db.insert(postLikes).values({ postId: post.id, userId: reader.id, timestamp: t.ctx.now() });
    await t.ctx.db.insert(comments).values([
      { postId: post.id, userId: reader.id, author: "reader", content: "Hello", timestamp: t.ctx.now() },
      // Held for approval: not counted until it is published.
      { postId: post.id, userId: reader.id, author: "reader", content: "Wait", status: "held" },
    ]);
    await t.ctx.db.insert(followers).values([
      { email: "a@example.com", author: "him", token: randomUUID(), confirmedAt: t.ctx.now() },
      // Not confirmed: not a follower yet.
      { email: "b@example.com", author: "him", token: randomUUID() },
      { email: "c@example.com", author: "her", token: randomUUID(), confirmedAt: t.ctx.now() },
    ]);
    const him = await t.as("him");
    const mine = (await get("/api/stats?scope=him", him.cookie)).json();
    expect(mine.totals).toMatchObject({ likes: 1, comments: 1, followers: 1 });
    expect(mine.series.at(-1)).toMatchObject({ likes: 1, comments: 1, followers: 1 });
    expect((await get("/api/stats?scope=both&range=24h", him.cookie)).json().totals).toMatchObject({
      likes: 1,
      comments: 1,
      followers: 2,
    });
    expect((await get("/api/stats?scope=her", him.cookie)).json().totals).toMatchObject({
      likes: 0,
      followers: 1,
    });
  });
});

describe("GET /api/stats/posts", () => {
  it("gives an author each asked post's views and finished reads (zero when none)", async () => {
    const counted = await createPost(t.ctx, { author: "him" });
    const quiet = await createPost(t.ctx, { author: "her" });
    await sendBeacon(t, { p: `/post/${counted.id}` });
    await sendBeacon(t, { p: `/post/${counted.id}` });
    await sendBeacon(t, { p: `/post/${counted.id}`, e: 1 });
    await t.ctx.stats.flush();
    const her = await t.as("her");
    const res = await get(`/api/stats/posts?ids=${counted.id},${quiet.id.toUpperCase()}`, her.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      posts: [
        { postId: counted.id, views: 2, reads: 1 },
        { postId: quiet.id, views: 0, reads: 0 },
      ],
    });
  });

  it("refuses visitors (401) and readers (403)", async () => {
    const ids = `ids=${randomUUID()}`;
    expect((await get(`/api/stats/posts?${ids}`)).statusCode).toBe(401);
    expect((await get(`/api/stats/posts?${ids}`, (await t.as("user")).cookie)).statusCode).toBe(403);
  });

  it.each([
    ["no ids", "", "ids must be a comma-separated list of post ids."],
    ["an empty list", "ids=,", "ids must be a comma-separated list of post ids."],
    ["a non-id", "ids=abc", "ids must be a comma-separated list of post ids."],
    [
      "too many ids",
      `ids=${Array.from({ length: 101 }, () => randomUUID()).join(",")}`,
      "Ask for at most 100 posts.",
    ],
    ["an unknown parameter", `ids=${randomUUID()}&x=1`, "Unknown field: x."],
  ])("refuses %s with 400", async (_what, query, message) => {
    const res = await get(`/api/stats/posts?${query}`, (await t.as("him")).cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
  });
});
