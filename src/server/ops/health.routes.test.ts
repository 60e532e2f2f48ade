import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../test/s3-server";
import { buildTestApp, type TestApp } from "../test/test-app";

let s3: S3TestServer;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await buildTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe("GET /api/health", () => {
  it("answers 200 with the database kind and the answering process's pid, never cached", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: t.ctx.database.kind, pid: process.pid });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/ready", () => {
  it("answers 200 when the database and the storage answer", async () => {
    const res = await t.request({ method: "GET", url: "/api/ready" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, pid: process.pid, database: "ok", storage: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 naming the storage when the bucket does not answer", async () => {
    const stopped = await startS3TestServer();
    await stopped.close();
    const app = await buildTestApp(stopped.env);
    try {
      const res = await app.request({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ok: false,
        database: "ok",
        storage: "failing",
        error: { code: "NOT_READY", message: "Not ready: the storage does not answer." },
      });
      // Liveness is not readiness: the process itself is fine.
      expect((await app.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("answers 503 naming the database when it does not answer", async () => {
    const app = await buildTestApp();
    try {
      await app.ctx.database.close();
      const res = await app.request({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        database: "failing",
        storage: "ok",
        error: { code: "NOT_READY", message: "Not ready: the database does not answer." },
      });
    } finally {
      // The database is closed already (closing it twice is an error on PostgreSQL).
      await app.app.close();
      rmSync(app.config.dataDir, { recursive: true, force: true });
    }
  });

  it("refuses other methods and ignores a query string", async () => {
    expect((await t.request({ method: "POST", url: "/api/ready", payload: {} })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/ready?x=1" })).statusCode).toBe(200);
  });
});
