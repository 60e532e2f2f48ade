// The real server process on one embedded DATA_DIR: the lock, kill -9 durability, graceful shutdown.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE_NAME } from "../db/lock";
import {
  freePort,
  postJson,
  runToExit,
  type ServerProcess,
  startServerProcess,
  waitForOutput,
} from "../test/server-process";

const PASSWORD = "correct-horse-42";

describe("the server process on an embedded DATA_DIR", { timeout: 120_000 }, () => {
  let dataDir = "";
  let lockFile = "";
  const acknowledged: string[] = [];
  let first: ServerProcess | null = null;
  let second: ServerProcess | null = null;
  let third: ServerProcess | null = null;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-lifecycle-"));
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterAll(() => {
    for (const p of [first, second, third]) if (p && p.child.exitCode === null) p.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds DATA_DIR/db.lock with its pid while it runs", async () => {
    first = await startServerProcess(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(first.pid));
  });

  it("refuses a second process on the same DATA_DIR with a clear error, leaving the first one serving", async () => {
    const { code, stderr } = await runToExit("src/server/main.ts", {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SEED_DEMO: "false",
    });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`Another Duet process (pid ${first!.pid}) is using DATA_DIR ${dataDir}`);
    expect((await fetch(`${first!.baseURL}/api/health`)).status).toBe(200);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(first!.pid));
  });

  it("keeps every acknowledged write when killed with SIGKILL mid-stream", async () => {
    const server = first!;
    let n = 0;
    let killed = false;
    // Four writers in parallel; the kill lands while requests are in flight.
    const writer = async () => {
      while (!killed) {
        const email = `durable-${n++}@example.com`;
        try {
          const res = await postJson(server.baseURL, "/api/auth/sign-up/email", {
            email,
            password: PASSWORD,
            name: "Durable",
          });
          if (res.status === 200) acknowledged.push(email);
          else if (!killed) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= 24 && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    const exit = await server.exited;
    expect(exit.signal).toBe("SIGKILL");
    expect(acknowledged.length).toBeGreaterThanOrEqual(24);
    // The dead process could not clean up: its lock is stale now.
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(server.pid));
  });

  it("restarts on the same DATA_DIR, taking over the stale lock, and the last acknowledged accounts sign in", async () => {
    // Request logs on: the shutdown test watches for its request to arrive.
    // Debug: a request's arrival is logged at that level.
    second = await startServerProcess(dataDir, { LOG_LEVEL: "debug" });
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(second.pid));
    // The writes acknowledged just before the kill are the ones at risk (the last test checks all of them).
    for (const email of acknowledged.slice(-4)) {
      const res = await postJson(second.baseURL, "/api/auth/sign-in/email", { email, password: PASSWORD });
      expect(res.status, `${email} after the kill: ${res.body}`).toBe(200);
    }
  });

  it("on SIGTERM finishes the request in flight, snapshots, closes the database, frees the lock and exits 0", async () => {
    const server = second!;
    const url = new URL(server.baseURL);
    const body = JSON.stringify({ email: "in-flight@example.com", password: PASSWORD, name: "Late" });
    const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress: "127.78.0.1" });
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let response = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (response += d));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // Headers and half the body: the request has started, and cannot finish until we send the rest.
    socket.write(
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, 20),
    );
    await waitForOutput(
      server,
      (out) => out.includes(`"remotePort":${socket.localPort}},"msg":"incoming request"`),
      "the server to start on the request",
    );
    server.child.kill("SIGTERM");
    await waitForOutput(server, (out) => out.includes("SIGTERM: closing"), "the shutdown to begin");
    // No new connections once closing started...
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await fetch(`${server.baseURL}/api/health`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    // ...but the one in flight completes (write, not end: a half-closed client aborts its request).
    socket.write(body.slice(20));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);

    const exit = await server.exited;
    expect({ code: exit.code, output: server.output() }).toEqual({ code: 0, output: expect.any(String) });
    expect(existsSync(lockFile)).toBe(false);
    const snapshots = readdirSync(path.join(dataDir, "backups"));
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).toMatch(/^duet-.*\.tar\.gz$/);
  });

  it("leaves a database that reopens with every write, the in-flight one included", async () => {
    const pglite = await PGlite.create(path.join(dataDir, "db"));
    try {
      const { rows } = await pglite.query<{ email: string }>(`select email from "user"`);
      const emails = rows.map((r) => r.email);
      expect(emails).toEqual(expect.arrayContaining([...acknowledged, "in-flight@example.com"]));
    } finally {
      await pglite.close();
    }
  });

  it("on SIGINT (Ctrl-C) also shuts down cleanly: the write is kept, a snapshot taken, the lock freed, exit 0", async () => {
    third = await startServerProcess(dataDir, { LOG_LEVEL: "info" });
    const email = "before-ctrl-c@example.com";
    const res = await postJson(third.baseURL, "/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "Ctrl",
    });
    expect(res.status, res.body).toBe(200);
    third.child.kill("SIGINT");
    const exit = await third.exited;
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(third.output()).toContain("SIGINT: closing");
    expect(existsSync(lockFile)).toBe(false);
    expect(readdirSync(path.join(dataDir, "backups"))).toHaveLength(2);
    const pglite = await PGlite.create(path.join(dataDir, "db"));
    try {
      const { rows } = await pglite.query(`select 1 from "user" where email = $1`, [email]);
      expect(rows).toHaveLength(1);
    } finally {
      await pglite.close();
    }
  });
});
