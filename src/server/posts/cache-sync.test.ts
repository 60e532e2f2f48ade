import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { blogPosts } from "../db/schema";
import { loadConfig } from "../env";

// Two server processes on one PostgreSQL, as two buildApp instances with their own pools.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("cache invalidation across processes sharing one PostgreSQL", () => {
  const name = `duet_sync_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-sync-"));
  const databases: Database[] = [];
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    const config = loadConfig(
      { DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1:3000", SEED_DEMO: "false", LOG_LEVEL: "silent" },
      null,
    );
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: "postgres", url: dbUrl.href, max: 4 });
      if (i === 0) await runMigrations(database);
      databases.push(database);
      apps.push(await buildApp({ config, database, secret: "test-secret-test-secret-test-secret-000" }));
    }
  });

  afterAll(async () => {
    for (const { app } of apps) await app.close();
    for (const database of databases) await database.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const contentVersion = async () =>
    Number(
      (
        await databases[0]!.pool!.query<{ v: string }>(
          "select content_version::text as v from site_state where id = 1",
        )
      ).rows[0]?.v ?? 0,
    );

  const titleSeenBy = async (i: number, id: string) =>
    (await apps[i]!.app.inject({ method: "GET", url: `/api/posts/${id}` })).json().title as string;

  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }

  it("a write announced by one process makes the other drop its cached reads", async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const [post] = await a.ctx.db
      .insert(blogPosts)
      .values({ title: "First title", content: "<p>x</p>", author: "him" })
      .returning();
    const seenByB = b.ctx.cache.version;
    a.ctx.cache.invalidate();
    // Let B hear about the insert first, so what follows is about the next change only.
    expect(await eventually(async () => b.ctx.cache.version > seenByB)).toBe(true);
    expect(await titleSeenBy(1, post!.id)).toBe("First title");

    // A change nobody announces is not seen: process B answers from its memory.
    await a.ctx.db.update(blogPosts).set({ title: "Quiet change" }).where(eq(blogPosts.id, post!.id));
    expect(await titleSeenBy(1, post!.id)).toBe("First title");

    const before = await contentVersion();
    await a.ctx.db.update(blogPosts).set({ title: "Announced change" }).where(eq(blogPosts.id, post!.id));
    a.ctx.cache.invalidate();
    expect(await eventually(async () => (await titleSeenBy(1, post!.id)) === "Announced change")).toBe(true);
    // Process A sees its own write at once.
    expect(await titleSeenBy(0, post!.id)).toBe("Announced change");
    const after = await contentVersion();
    expect(after).toBeGreaterThan(before);
  });

  it("an announcement from the other side works too, and a process ignores its own", async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const versionA = a.ctx.cache.version;
    b.ctx.cache.invalidate();
    expect(await eventually(async () => a.ctx.cache.version > versionA)).toBe(true);
    const versionB = b.ctx.cache.version;
    await new Promise((r) => setTimeout(r, 200));
    expect(b.ctx.cache.version).toBe(versionB);
  });

  it("a like drops only the liked post's keys in the other process, and a scheduled time wakes it", async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    for (const key of ["post|p1", "post|p2", "sitemap", "feed|him"])
      await b.ctx.cache.getOrLoad(key, async () => key);
    const versionB = b.ctx.cache.version;
    await a.ctx.events.emit("likeChanged", { postId: "p1" });
    expect(await eventually(async () => b.ctx.cache.version > versionB)).toBe(true);
    expect(["post|p1", "post|p2", "sitemap", "feed|him"].filter((k) => b.ctx.cache.peek(k))).toEqual([
      "post|p2",
      "sitemap",
      "feed|him",
    ]);

    // A post scheduled through process A: process B arms its own timer (no cache in between).
    const at = new Date(Date.now() + 60 * 60_000);
    await a.ctx.db
      .insert(blogPosts)
      .values({ title: "Later", content: "<p>x</p>", author: "her", status: "scheduled", date: at });
    await a.ctx.events.emit("contentChanged", {});
    expect(await eventually(async () => b.ctx.publishing.nextDue?.getTime() === at.getTime())).toBe(true);
  });

  it("listening resumes after the database refused the first reconnect, and announcements arrive again", async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const listeners = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            "select count(*)::text as n from pg_stat_activity where datname = $1 and query = 'LISTEN duet_content'",
            [name],
          )
        ).rows[0]!.n,
      );
    try {
      expect(await listeners()).toBe(2);
      // The database goes away for a while: the listeners drop and their first reconnect fails.
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'LISTEN duet_content'",
        [name],
      );
      await new Promise((r) => setTimeout(r, 2_500));
      await admin.query(`alter database ${name} with allow_connections true`);
      expect(await eventually(async () => (await listeners()) === 2)).toBe(true);
    } finally {
      await admin.query(`alter database ${name} with allow_connections true`).catch(() => {});
      await admin.end();
    }
    const versionA = a.ctx.cache.version;
    b.ctx.cache.invalidate();
    expect(await eventually(async () => a.ctx.cache.version > versionA)).toBe(true);
  });
});
