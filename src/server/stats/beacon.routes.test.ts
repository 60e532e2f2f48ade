import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BEACON_LIMIT } from "../../common/limits";
import { statsPostsDaily } from "../db/schema";
import { createPost } from "../test/factories";
import {
  clearStats,
  DESKTOP,
  GOOGLEBOT,
  PHONE,
  sendBeacon,
  statsRowCount,
  TABLET,
} from "../test/stats-beacons";
import { buildTestApp, nextIp, type TestApp } from "../test/test-app";

let t: TestApp;
let author: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  author = await t.as("him");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.stats.flush();
  await clearStats(t.ctx.db);
});

async function report(query = "scope=both&range=7d") {
  await t.ctx.stats.flush();
  const res = await t.request({ method: "GET", url: `/api/stats?${query}`, cookie: author.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("POST /api/stats/view › counting", () => {
  it("answers 204 at once, writes nothing until the flush, then counts the view and the visitor", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Counted" });
    // Readers are at the post's slug address; the view is counted under its id.
    const res = await sendBeacon(t, { p: `/post/${post.slug}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    // No database write on the request path: the view waits in memory.
    expect(await statsRowCount(t.ctx.db)).toBe(0);
    const both = await report();
    expect(both.totals).toMatchObject({ views: 1, visitors: 1 });
    expect(both.topPosts).toEqual([{ postId: post.id, title: "Counted", author: "him", views: 1, reads: 0 }]);
    expect(both.devices).toEqual([{ device: "desktop", views: 1 }]);
    expect((await report("scope=him&range=24h")).totals).toMatchObject({ views: 1, visitors: 1 });
    expect((await report("scope=her&range=7d")).totals).toMatchObject({ views: 0, visitors: 0 });
  });

  it("sums many beacons into one row per day and post at one flush (batching)", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const addresses = Array.from({ length: 100 }, () => nextIp());
    const sent = [];
    for (let i = 0; i < 200; i++) {
      sent.push(
        sendBeacon(
          t,
          { p: `/post/${post.id}` },
          { ip: addresses[i % 100], ua: [DESKTOP, PHONE][Math.floor(i / 100)]! },
        ),
      );
    }
    sent.push(sendBeacon(t, { p: "/" }), sendBeacon(t, { p: "/her-blog/" }));
    expect((await Promise.all(sent)).every((r) => r.statusCode === 204)).toBe(true);
    expect(await statsRowCount(t.ctx.db)).toBe(0);
    await t.ctx.stats.flush();
    const rows = await t.ctx.db.select().from(statsPostsDaily);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ postId: post.id, views: 200 });
    const both = await report();
    // 200 readers of the post (100 addresses, each with one of two browsers), plus the two
    // readers of the home and her blog.
    expect(both.totals).toMatchObject({ views: 202, visitors: 202 });
    expect((await report("scope=her")).totals).toMatchObject({ views: 201, visitors: 201 });
    expect((await report("scope=him")).totals.views).toBe(0);
  });

  it("keeps the referring site's host or the link's utm_source, never our own host", async () => {
    await sendBeacon(t, { p: "/his-blog", r: "News.Example.com" });
    await sendBeacon(t, { p: "/his-blog", r: "news.example.com", u: "" });
    await sendBeacon(t, { p: "/", r: "news.example.com", u: "The Newsletter!" });
    await sendBeacon(t, { p: "/", r: "127.0.0.1:3000" });
    await sendBeacon(t, { p: "/tags/travel", r: "" }, { ua: TABLET });
    const both = await report();
    expect(both.sources).toEqual([
      { source: "news.example.com", views: 2 },
      { source: "the-newsletter-", views: 1 },
    ]);
    expect(both.devices).toEqual([
      { device: "desktop", views: 4 },
      { device: "tablet", views: 1 },
    ]);
    expect((await report("scope=him")).sources).toEqual([{ source: "news.example.com", views: 2 }]);
  });

  it("counts a finished read of a post (the second beacon) without counting a second view", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const ip = nextIp();
    await sendBeacon(t, { p: `/post/${post.id}` }, { ip });
    await sendBeacon(t, { p: `/post/${post.id}`, e: 1 }, { ip });
    await sendBeacon(t, { p: "/his-blog", e: 1 }, { ip });
    const both = await report();
    expect(both.totals).toMatchObject({ views: 1, visitors: 1, reads: 1 });
    expect(both.topPosts[0]).toMatchObject({ views: 1, reads: 1 });
  });
});

describe("POST /api/stats/view › what is not counted", () => {
  it("does not count bots (the isbot list) or a request without a user agent", async () => {
    for (const ua of [GOOGLEBOT, "curl/8.5.0", "python-requests/2.31", null]) {
      expect((await sendBeacon(t, { p: "/" }, { ua })).statusCode).toBe(204);
    }
    await t.ctx.stats.flush();
    expect(await statsRowCount(t.ctx.db)).toBe(0);
  });

  it("honours DNT: 1 and Sec-GPC: 1 (answered like any beacon, nothing counted)", async () => {
    expect((await sendBeacon(t, { p: "/" }, { headers: { dnt: "1" } })).statusCode).toBe(204);
    expect((await sendBeacon(t, { p: "/" }, { headers: { "sec-gpc": "1" } })).statusCode).toBe(204);
    await t.ctx.stats.flush();
    expect(await statsRowCount(t.ctx.db)).toBe(0);
  });

  it("counts only public pages of the page table: private, unknown and missing posts are not stored", async () => {
    for (const p of [
      "/admin",
      "/profile",
      "/login",
      "/subscriptions",
      "/nowhere",
      "/post",
      "/post/not-an-id",
      "/admin/stats",
      "/post/%E0%A4%A",
    ]) {
      expect((await sendBeacon(t, { p })).statusCode).toBe(204);
    }
    expect((await sendBeacon(t, { p: `/post/${randomUUID()}` })).statusCode).toBe(204);
    await t.ctx.stats.flush();
    expect(await statsRowCount(t.ctx.db)).toBe(0);
  });

  it("limits beacons per address with 429; one reader's reloads are one view", async () => {
    const ip = nextIp();
    for (let i = 0; i < BEACON_LIMIT.max; i++) await sendBeacon(t, { p: "/contact" }, { ip });
    const over = await sendBeacon(t, { p: "/contact" }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBeTypeOf("string");
    expect((await report()).totals).toMatchObject({ views: 1, visitors: 1 });
  });

  it("refuses a beacon from another site", async () => {
    const res = await sendBeacon(
      t,
      { p: "/" },
      { headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/stats/view › malformed input", () => {
  it.each([
    ["not JSON", "p=/", "The request body must be a JSON object."],
    ["a list", [], "The request body must be a JSON object."],
    ["null", "null", "The request body must be a JSON object."],
    ["no path", {}, "p must be a path."],
    ["a number as path", { p: 7 }, "p must be a path."],
    ["a full URL as path", { p: "https://x.example/" }, "p must be a path."],
    ["a path with a query", { p: "/search?q=secret" }, "p must be a path."],
    ["a long path", { p: `/${"a".repeat(600)}` }, "p is too long."],
    ["a URL as referrer", { p: "/", r: "https://x.example/page" }, "r must be a host name."],
    ["a long utm_source", { p: "/", u: "x".repeat(300) }, "u is too long."],
    ["e other than 1", { p: "/", e: 2 }, "e must be 1."],
    ["an unknown field", { p: "/", userId: "x" }, "Unknown field: userId."],
  ])("refuses %s with 400", async (_what, body, message) => {
    const res = await sendBeacon(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
  });

  it("refuses a huge body with 413 and stores nothing", async () => {
    const res = await sendBeacon(t, { p: "/", r: "a".repeat(5000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBeTypeOf("string");
    await t.ctx.stats.flush();
    expect(await statsRowCount(t.ctx.db)).toBe(0);
  });

  it("accepts JSON as well as text/plain", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/stats/view",
      headers: { "user-agent": DESKTOP },
      payload: { p: "/" },
    });
    expect(res.statusCode).toBe(204);
  });
});
