import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importArchive } from "../archive/import";
import { exportTo, normalisedArchive, uploadsOf } from "../archive/test-blog";
import type { Database } from "../db/client";
import { statsDaily, statsPostsDaily, statsSalts, statsVisitorHashes } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, openTestDatabase, type TestApp } from "../test/test-app";
import { sendBeacon } from "./stats-test-helpers";

let t: TestApp;
let work: string;
let target: Database;
beforeAll(async () => {
  t = await buildTestApp();
  work = mkdtempSync(path.join(tmpdir(), "duet-stats-archive-"));
  target = await openTestDatabase();
});
afterAll(async () => {
  await t.close();
  await target.close();
  rmSync(work, { recursive: true, force: true });
});

describe("statistics in the Duet archive", () => {
  it("carries the rollups, never today's salt or visitor hashes", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    await sendBeacon(t, { p: `/post/${post.id}`, r: "news.example.com" });
    await sendBeacon(t, { p: "/" });
    await t.app.statsCounter.flush();
    expect(await t.ctx.db.select().from(statsSalts)).toHaveLength(1);

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
  });
});
