import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { TEMPLATE_FILE } from "../test/global-setup";
import { buildTestApp, type TestApp } from "../test/test-app";

// The embedded database runs on its own thread (db/pglite-thread.ts), as the server runs it: while
// a long statement runs there, /api/health, /api/ready and cached reads answer over HTTP, each
// before the statement ends and within a second.

let t: TestApp;
let dir = "";
let base = "";
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "duet-busy-"));
  const database = await openDatabase({
    kind: "pglite",
    dataDir: path.join(dir, "db"),
    loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]),
    worker: true,
  });
  t = await buildTestApp({}, { database });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function timed(url: string) {
  const started = Date.now();
  const res = await fetch(`${base}${url}`);
  const body = (await res.json()) as Record<string, unknown>;
  return { url, status: res.status, body, ms: Date.now() - started, at: Date.now() };
}

describe("while the embedded database is busy", () => {
  it("health, readiness and a cached read answer before a long statement ends, each within 1 s", async () => {
    // Warm the public list's cache, as a reader's first visit does.
    expect((await timed("/api/posts")).status).toBe(200);

    let endedAt = 0;
    const long = t.ctx.db.execute(sql`select pg_sleep(4)`).then(() => {
      endedAt = Date.now();
    });
    // The statement is running in the worker (the thread took it before this timer fired).
    await new Promise((r) => setTimeout(r, 200));
    const answers = await Promise.all(["/api/health", "/api/ready", "/api/posts"].map(timed));
    await long;

    for (const answer of answers) {
      expect(answer.at, `${answer.url} answered after the statement ended`).toBeLessThan(endedAt);
      expect(answer.ms, answer.url).toBeLessThan(1_000);
    }
    const [health, ready, list] = answers;
    expect(health!.status).toBe(200);
    expect(health!.body).toMatchObject({ ok: true, database: "pglite" });
    expect(ready!.status).toBe(503);
    expect(ready!.body).toMatchObject({
      ok: false,
      database: "busy",
      storage: "ok",
      error: { code: "NOT_READY", message: "Not ready: the database is busy." },
    });
    expect(list!.status).toBe(200);
    // Idle again: ready.
    expect((await timed("/api/ready")).status).toBe(200);
  }, 30_000);
});
