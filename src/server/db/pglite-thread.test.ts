import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorHandler } from "../http-server";
import { TEMPLATE_FILE } from "../test/global-setup";
import { type Database, isStatementTimeout, openDatabase } from "./client";
import type { PgliteThread } from "./pglite-thread";
import { rowsOf } from "./rows";
import { fediverseKv } from "./schema";

// The embedded database in its own worker thread (pglite-thread.ts): the server's thread stays
// free while a statement runs, transactions are pinned, and a statement past the timeout ends
// with PostgreSQL's query_canceled (the API's 503) after the worker is replaced.

const TIMEOUT_MS = 4_000;
let dir = "";
let database: Database;
const restarts: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "duet-pgthread-"));
  database = await openDatabase({
    kind: "pglite",
    dataDir: path.join(dir, "db"),
    loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]),
    worker: true,
    statementTimeoutMs: TIMEOUT_MS,
    onRestart: (reason) => restarts.push(reason),
  });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const settingsRow = (key: string) => database.db.select().from(fediverseKv).where(eq(fediverseKv.key, key));

describe("PGlite in a worker thread", () => {
  it("answers drizzle's queries, and PostgreSQL's error fields survive the thread", async () => {
    const [row] = await database.db
      .execute<{ n: number; t: string }>(sql`select ${41}::int + 1 as n, now()::timestamptz::text as t`)
      .then((r) => rowsOf<{ n: number; t: string }>(r));
    expect(row!.n).toBe(42);
    await database.db.insert(fediverseKv).values({ key: "thread-a", value: { a: 1 } });
    const error = await database.db
      .insert(fediverseKv)
      .values({ key: "thread-a", value: { a: 2 } })
      .catch((e: unknown) => e as { cause?: { code?: string; constraint?: string } });
    expect(error).toBeInstanceOf(Error);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("23505");
    expect(await settingsRow("thread-a")).toEqual([expect.objectContaining({ value: { a: 1 } })]);
  });

  it("pins a transaction: statements from outside wait for its COMMIT; a throw rolls back", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = database.db.transaction(async (t) => {
      await t.insert(fediverseKv).values({ key: "thread-b", value: 1 });
      order.push("inserted");
      await held;
      await t.insert(fediverseKv).values({ key: "thread-c", value: 1 });
      order.push("committing");
    });
    // Outside the transaction: must see both rows or neither, and waits until it ends.
    await new Promise((r) => setTimeout(r, 50));
    const outside = database.db
      .select({ n: count() })
      .from(fediverseKv)
      .where(sql`${fediverseKv.key} in ('thread-b', 'thread-c')`)
      .then(([r]) => {
        order.push(`outside saw ${r!.n}`);
      });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(["inserted", "committing", "outside saw 2"]);

    await expect(
      database.db.transaction(async (t) => {
        await t.insert(fediverseKv).values({ key: "thread-d", value: 1 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await settingsRow("thread-d")).toEqual([]);
  });

  it("keeps the server's thread free while a statement runs: a timer fires before it ends", async () => {
    const order: string[] = [];
    const long = database.db.execute(sql`select pg_sleep(0.8)`).then(() => order.push("query ended"));
    await new Promise((r) => setTimeout(r, 100));
    order.push("timer fired");
    await long;
    expect(order).toEqual(["timer fired", "query ended"]);
  });

  it("ends a statement past the timeout with query_canceled, reopens the data directory, loses nothing committed", async () => {
    const before = restarts.length;
    const thread = database.pglite as PgliteThread;
    const app = Fastify();
    app.setErrorHandler(apiErrorHandler);
    app.get("/slow", async () => {
      await database.db.execute(sql`select pg_sleep(30)`);
      return { ok: true };
    });
    // Queued behind the slow statement: it waits, then runs on the new worker.
    const slow = app.inject({ method: "GET", url: "/slow" });
    await new Promise((r) => setTimeout(r, 100));
    const queued = settingsRow("thread-a");
    const answer = await slow;
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.json().error.code).toBe("DATABASE_BUSY");
    expect(await queued).toEqual([expect.objectContaining({ value: { a: 1 } })]);
    expect(thread.restarts).toBe(before + 1);
    expect(restarts.at(-1)).toMatch(/past 4000 ms/);
    // Committed before the restart: still there.
    expect((await settingsRow("thread-c")).length).toBe(1);
    await app.close();
  }, 90_000);

  it("a transaction whose statement timed out is gone, rolled back by the recovery", async () => {
    const error = await database.db
      .transaction(async (t) => {
        await t.insert(fediverseKv).values({ key: "thread-e", value: 1 });
        await t.execute(sql`select pg_sleep(30)`);
      })
      .catch((e: unknown) => e);
    expect(isStatementTimeout(error)).toBe(true);
    expect(await settingsRow("thread-e")).toEqual([]);
    // And the database goes on: a new transaction commits.
    await database.db.transaction(async (t) => {
      await t.insert(fediverseKv).values({ key: "thread-f", value: 1 });
    });
    expect((await settingsRow("thread-f")).length).toBe(1);
  }, 90_000);

  it("dumps the data directory through the worker", { timeout: 60_000 }, async () => {
    const dump = await database.pglite!.dumpDataDir("gzip");
    expect(dump.size).toBeGreaterThan(1_000);
  });
});
