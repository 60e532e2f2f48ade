import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { importArchive } from "../archive/import";
import { type Database, openDatabase } from "../db/client";
import { statsDaily, statsPostsDaily, statsSalts, statsVisitorHashes } from "../db/schema";
import { createPost } from "../test/factories";
import { exportTo, normalisedArchive, uploadsOf } from "../test/sample-blog";
import { clearStats, PHONE, sendBeacon } from "../test/stats-beacons";
import { buildTestApp, nextIp, openTestDatabase, type TestApp } from "../test/test-app";
import { ROLLUP_GRACE_MS } from "./stats.repository";
import { visitorHash } from "./visitor";

// The clock of this file: moved by the tests across a day's end.
let clock = new Date("2026-11-20T12:00:00.000Z");
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

describe("statistics › the daily salt (Plausible's method)", () => {
  it("rolls a finished day up, then deletes its hashes and its salt: yesterday's hash cannot be recomputed", async () => {
    await clearStats(t.ctx.db);
    clock = new Date("2026-11-20T12:00:00.000Z");
    const ip = nextIp();
    await sendBeacon(t, { p: "/" }, { ip, ua: PHONE });
    await sendBeacon(t, { p: "/his-blog" }, { ip, ua: PHONE });
    await t.ctx.stats.flush();
    const [salt] = await t.ctx.db.select().from(statsSalts);
    expect(salt?.day).toBe("2026-11-20");
    const stored = await t.ctx.db.select().from(statsVisitorHashes);
    // One visitor, hashed once per scope and hour (the whole site and his blog).
    expect(new Set(stored.map((r) => r.hash)).size).toBe(1);
    expect(stored[0]!.hash).toBe(visitorHash(salt!.salt, "2026-11-20", `${ip}\n${PHONE}`, "127.0.0.1:3000"));

    // Just after midnight, the day is kept until every process has flushed it.
    clock = new Date(Date.parse("2026-11-21T00:00:00.000Z") + ROLLUP_GRACE_MS / 2);
    await t.ctx.stats.flush();
    expect(await t.ctx.db.select().from(statsSalts)).toHaveLength(1);

    clock = new Date(Date.parse("2026-11-21T00:00:00.000Z") + ROLLUP_GRACE_MS + 1);
    await t.ctx.stats.flush();
    expect(await t.ctx.db.select().from(statsSalts)).toEqual([]);
    expect(await t.ctx.db.select().from(statsVisitorHashes)).toEqual([]);
    const daily = await t.ctx.db.select().from(statsDaily);
    expect(daily.find((r) => r.scope === "both")).toMatchObject({ day: "2026-11-20", views: 2, visitors: 1 });
    expect(daily.find((r) => r.scope === "him")).toMatchObject({ day: "2026-11-20", views: 1, visitors: 1 });

    // The same reader the next day: a new salt, a hash that matches nothing of the day before.
    await sendBeacon(t, { p: "/" }, { ip, ua: PHONE });
    await t.ctx.stats.flush();
    const [nextSalt] = await t.ctx.db.select().from(statsSalts);
    expect(nextSalt?.day).toBe("2026-11-21");
    expect(nextSalt!.salt).not.toBe(salt!.salt);
    const [nextHash] = await t.ctx.db.select().from(statsVisitorHashes);
    expect(nextHash!.hash).not.toBe(stored[0]!.hash);

    const him = await t.as("him");
    const res = await t.request({ method: "GET", url: "/api/stats?scope=both&range=7d", cookie: him.cookie });
    expect(res.json().series.slice(-2)).toMatchObject([
      { t: "2026-11-20", views: 2, visitors: 1 },
      { t: "2026-11-21", views: 1, visitors: 1 },
    ]);
  });
});

describe("statistics › several processes on one database", () => {
  it("add into the same rollups without losing or double-counting a view", async () => {
    await clearStats(t.ctx.db);
    clock = new Date("2026-11-22T09:30:00.000Z");
    // A second process: its own pool on the same PostgreSQL (the same embedded database on PGlite).
    const url = t.ctx.database.pool?.options.connectionString;
    const database: Database = url ? await openDatabase({ kind: "postgres", url, max: 4 }) : t.ctx.database;
    const second = await buildApp({
      config: t.config,
      database,
      secret: "test-secret-test-secret-test-secret-000",
      now: () => clock,
    });
    try {
      const post = await createPost(t.ctx, { author: "her" });
      const shared = nextIp();
      const send = (app: typeof t.app, ip: string) =>
        app.inject({
          method: "POST",
          url: "/api/stats/view",
          remoteAddress: ip,
          headers: { "content-type": "text/plain", "sec-fetch-site": "same-origin", "user-agent": PHONE },
          payload: JSON.stringify({ p: `/post/${post.id}` }),
        });
      // 60 views on each process; one reader is seen once by both, the others by one each (a
      // visitor's repeated views of a page in one window count once: view-window.routes.test.ts).
      for (let i = 0; i < 60; i++) {
        await send(t.app, i === 0 ? shared : nextIp());
        await send(second.app, i === 0 ? shared : nextIp());
      }
      // One flushes on its minute, the other as it shuts down (graceful shutdown closes the app).
      await Promise.all([t.ctx.stats.flush(), second.app.close()]);
      const [row] = await t.ctx.db.select().from(statsPostsDaily);
      expect(row).toMatchObject({ postId: post.id, views: 120 });
      const him = await t.as("him");
      const report = await t.request({
        method: "GET",
        url: "/api/stats?scope=her&range=24h",
        cookie: him.cookie,
      });
      // 59 + 59 readers seen by one process each, plus the one both saw.
      expect(report.json().totals).toMatchObject({ views: 120, visitors: 119 });
    } finally {
      await second.app.close();
      if (database !== t.ctx.database) await database.close();
    }
  });
});

describe("statistics in the Duet archive", () => {
  it("carries the rollups, never today's salt or visitor hashes", async () => {
    await clearStats(t.ctx.db);
    clock = new Date("2026-11-23T10:00:00.000Z");
    const post = await createPost(t.ctx, { author: "her" });
    await sendBeacon(t, { p: `/post/${post.id}`, r: "news.example.com" });
    await sendBeacon(t, { p: "/" });
    await t.ctx.stats.flush();
    expect(await t.ctx.db.select().from(statsSalts)).toHaveLength(1);

    const work = mkdtempSync(path.join(tmpdir(), "duet-stats-archive-"));
    const target = await openTestDatabase();
    try {
      const file = path.join(work, "blog.tar.gz");
      await exportTo(t.ctx, t.ctx.db, t.config.dataDir, file);
      const { tables } = await normalisedArchive(file);
      for (const name of [
        "stats_daily",
        "stats_hourly",
        "stats_posts_daily",
        "stats_sources_daily",
        "stats_devices_daily",
      ]) {
        expect(tables[name]?.length, name).toBeGreaterThan(0);
      }
      expect(tables.stats_salts).toBeUndefined();
      expect(tables.stats_visitor_hashes).toBeUndefined();

      const targetDir = path.join(work, "target");
      await importArchive({
        db: target.db,
        storage: uploadsOf(targetDir),
        file,
        stagingDir: path.join(targetDir, ".import"),
      });
      expect(await target.db.select().from(statsPostsDaily)).toMatchObject([{ postId: post.id, views: 1 }]);
      expect((await target.db.select().from(statsDaily)).find((r) => r.scope === "both")).toMatchObject({
        views: 2,
      });
      expect(await target.db.select().from(statsSalts)).toEqual([]);
      expect(await target.db.select().from(statsVisitorHashes)).toEqual([]);
    } finally {
      await target.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
