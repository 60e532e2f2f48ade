import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../env";
import { openTestDatabase, TEST_PASSWORD } from "../test/test-app";

// The server as main.ts builds it (no mailer injected): an author's verification email goes to
// DATA_DIR/outbox with its subject and link in the log, or through SMTP_URL when it is set.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serverWith(env: Record<string, string>, logStream?: Writable) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-mail-wiring-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig(
    { DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1:3000", SEED_DEMO: "false", ...env },
    null,
  );
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  const { app } = await buildApp({
    config,
    database,
    secret: "test-secret-test-secret-test-secret-000",
    logger: logStream ? { level: "info", stream: logStream } : false,
  });
  cleanups.push(() => app.close());
  const register = (email: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://127.0.0.1:3000" },
      payload: { email, password: TEST_PASSWORD, name: "Her" },
    });
  return { dataDir, register };
}

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
}

describe("the server's mail", () => {
  it("without SMTP_URL writes the verification email to DATA_DIR/outbox and logs its subject and 'verify' link", async () => {
    let log = "";
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const { dataDir, register } = await serverWith({}, stream);
    expect((await register("her@duet.local")).statusCode).toBe(200);
    const outbox = path.join(dataDir, "outbox");
    await eventually(() => log.includes("link:"));
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(/^To: her@duet\.local$/m);
    expect(eml).toMatch(/^Subject: Confirm your Duet author address$/m);
    expect(log).toContain('\\"Confirm your Duet author address\\"');
    expect(log).toMatch(/link: http:\/\/127\.0\.0\.1:3000\/api\/auth\/verify-email\?token=/);
  });

  it("with SMTP_URL delivers it through a real SMTP server on loopback and writes no outbox file", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const { port } = smtp.server.address() as AddressInfo;
    const { dataDir, register } = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    expect((await register("her@duet.local")).statusCode).toBe(200);
    await eventually(() => received.length > 0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: her@duet\.local/m);
    expect(received[0]).toMatch(/^Subject: Confirm your Duet author address/m);
    expect(received[0]).toMatch(/verify-email\?token=/);
    expect(() => readdirSync(path.join(dataDir, "outbox"))).toThrow();
  });
});
