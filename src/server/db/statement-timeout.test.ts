import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { apiErrorHandler } from "../http-server";
import { type Database, openDatabase } from "./client";

// Every statement on PostgreSQL is bounded: the request whose query ran past the statement
// timeout gets a clear 503 with Retry-After, and the pool goes on serving. (PGlite ignores
// statement_timeout: docs/decisions/0042-bounding-database-work.md.)

const url = process.env.TEST_DATABASE_URL;
let database: Database | null = null;
afterAll(() => database?.close());

describe.skipIf(!url)("the statement timeout (PostgreSQL)", () => {
  it("a statement past the timeout answers 503 DATABASE_BUSY; the next request is served", async () => {
    database = await openDatabase({ kind: "postgres", url: url!, max: 2, statementTimeoutMs: 300 });
    const app = Fastify();
    app.setErrorHandler(apiErrorHandler);
    app.get("/slow", async () => {
      await database!.db.execute(sql`select pg_sleep(3)`);
      return { ok: true };
    });
    app.get("/quick", async () => {
      await database!.db.execute(sql`select 1`);
      return { ok: true };
    });
    const slow = await app.inject({ method: "GET", url: "/slow" });
    expect(slow.statusCode, slow.body).toBe(503);
    expect(slow.headers["retry-after"]).toBe("5");
    expect(slow.json()).toEqual({
      error: { code: "DATABASE_BUSY", message: "The blog is busy right now. Please try again in a moment." },
    });
    const quick = await app.inject({ method: "GET", url: "/quick" });
    expect(quick.statusCode, quick.body).toBe(200);
    await app.close();
  });
});
