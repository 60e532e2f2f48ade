import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BEACON_LIMIT, STATS_VIEW_WINDOW_MS, STATS_VISITORS_PER_ADDRESS } from "../../common/limits";
import { createPost } from "../test/factories";
import { clearStats, DESKTOP, PHONE, sendBeacon } from "../test/stats-beacons";
import { buildTestApp, nextIp, type TestApp } from "../test/test-app";

// What one client can make the statistics say: one view per visitor and page per window, a
// bounded number of "visitors" per address whatever User-Agent it sends, and the per-address
// beacon limit keyed like every other limit (an IPv6 client is its /64).

// A clock that runs, and jumps forward a window when a test says so.
let offset = 0;
const later = () => {
  offset += STATS_VIEW_WINDOW_MS;
};
let t: TestApp;
let author: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + offset) });
  author = await t.as("him");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.stats.flush();
  await clearStats(t.ctx.db);
});

async function totals() {
  await t.ctx.stats.flush();
  const res = await t.request({
    method: "GET",
    url: "/api/stats?scope=both&range=7d",
    cookie: author.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totals as { views: number; visitors: number; reads: number };
}

describe("POST /api/stats/view › one client cannot inflate the numbers", () => {
  it("a reader reloading a post 50 times in a minute is one view; after the window, two", async () => {
    const post = await createPost(t.ctx, { author: "him", title: "Reloaded" });
    const ip = nextIp();
    for (let i = 0; i < 50; i++) {
      expect((await sendBeacon(t, { p: `/post/${post.id}` }, { ip })).statusCode).toBe(204);
      expect((await sendBeacon(t, { p: `/post/${post.id}`, e: 1 }, { ip })).statusCode).toBe(204);
    }
    // Another page, another browser on the same address: counted.
    await sendBeacon(t, { p: "/" }, { ip });
    await sendBeacon(t, { p: `/post/${post.id}` }, { ip, ua: PHONE });
    expect(await totals()).toMatchObject({ views: 3, visitors: 2, reads: 1 });

    later();
    await sendBeacon(t, { p: `/post/${post.id}` }, { ip });
    expect((await totals()).views).toBe(4);
  });

  it("a new User-Agent on every beacon makes at most the per-address number of visitors", async () => {
    const ip = nextIp();
    for (let i = 0; i < 100; i++) {
      const res = await sendBeacon(t, { p: "/his-blog" }, { ip, ua: `${DESKTOP} Variant/${i}` });
      expect(res.statusCode).toBe(204);
    }
    expect(await totals()).toMatchObject({
      views: STATS_VISITORS_PER_ADDRESS,
      visitors: STATS_VISITORS_PER_ADDRESS,
    });
  });

  it("the limit keys an IPv6 client by its /64: changing the low bits is the same client", async () => {
    later();
    const pages = ["/", "/his-blog", "/her-blog", "/contact"];
    let answered429 = 0;
    for (let i = 0; i < BEACON_LIMIT.max + 20; i++) {
      const ip = `2001:db8:77:1::${(i + 1).toString(16)}`;
      const res = await sendBeacon(t, { p: pages[i % pages.length] }, { ip });
      if (res.statusCode === 429) answered429++;
    }
    expect(answered429).toBe(20);
    // The whole /64 is one address: its views are bounded like one home's, not 140.
    const { views } = await totals();
    expect(views).toBeLessThanOrEqual(pages.length * STATS_VISITORS_PER_ADDRESS);
  });
});
