import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Db } from "../db/client";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { followers, mailQueue } from "../db/schema";
import { loadConfig } from "../env";
import { createMailer } from "../mail/mailer";
import { newToken } from "../secret";
import { buildTestApp, type TestApp } from "../test/test-app";
import { BOUNCE_LIMIT } from "./bounces";
import { enqueueMail } from "./mail-queue.repository";

// Mail that arrives, through a real SMTP server on loopback: an address the server refuses for
// good (550) turns bouncing after three failures and is mailed no more; MAIL_QUEUE_PER_MINUTE is
// one rate for every process sharing the database.

interface Received {
  to: string;
  from: string;
  at: number;
}
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
const REFUSED = "gone@example.com";

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address !== REFUSED) return callback();
      const err = new Error("5.1.1 <gone@example.com>: mailbox does not exist") as Error & {
        responseCode: number;
      };
      err.responseCode = 550;
      callback(err);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo)
          received.push({
            to: r.address,
            from: (session.envelope.mailFrom || { address: "" }).address,
            at: Date.now(),
          });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

const smtpUrl = () => `smtp://127.0.0.1:${port}`;
const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

async function addFollower(db: Db, email: string, author: "him" | "her") {
  await db.insert(followers).values({ email, author, token: newToken(), confirmedAt: new Date() });
}

describe("bounces", () => {
  it(`an address refused with 550 ${BOUNCE_LIMIT} times turns bouncing with the reason, and gets no more mail`, async () => {
    const mailer = createMailer({
      from: "Duet <no-reply@duet.local>",
      smtpUrl: smtpUrl(),
      outboxDir: "/nonexistent",
    });
    const t = await buildTestApp({ SMTP_URL: smtpUrl(), MAIL_QUEUE_PER_MINUTE: "100000" }, { mailer });
    apps.push(t);
    const him = await t.as("him");
    await addFollower(t.ctx.db, REFUSED, "him");
    await addFollower(t.ctx.db, REFUSED, "her");
    await addFollower(t.ctx.db, "kept@example.com", "him");
    received.length = 0;
    const publish = async (title: string) => {
      const res = await t.request({
        method: "POST",
        url: "/api/posts",
        cookie: him.cookie,
        payload: { author: "him", title, content: `<p>${title}</p>` },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.ctx.publishing.kick();
      await t.ctx.audienceMail.drain();
    };
    for (let i = 1; i <= BOUNCE_LIMIT; i++) await publish(`Post ${i}`);
    const failed = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.toEmail, REFUSED));
    // A permanent failure is not retried: one attempt per email, each marked failed with the answer.
    expect(failed.map((r) => [r.status, r.attempts])).toEqual(Array(BOUNCE_LIMIT).fill(["failed", 1]));
    expect(failed[0]!.lastError).toContain("550");
    const rows = await t.ctx.db.select().from(followers).where(eq(followers.email, REFUSED));
    // The mailbox bounces on both blogs: it is the address that fails.
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.bouncedAt).toBeInstanceOf(Date);
      expect(row.bounceCount).toBe(BOUNCE_LIMIT);
      expect(row.bounceReason).toMatch(/550.*mailbox does not exist/);
    }
    await publish("Post 4");
    expect(await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.toEmail, REFUSED))).toHaveLength(
      BOUNCE_LIMIT,
    );
    expect(received.filter((m) => m.to === "kept@example.com")).toHaveLength(BOUNCE_LIMIT + 1);
    expect(received.some((m) => m.to === REFUSED)).toBe(false);
  });
});

// Two server processes on one PostgreSQL (two buildApp instances with their own pools).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("one send rate for every process sharing PostgreSQL", () => {
  it("two processes at MAIL_QUEUE_PER_MINUTE=300 send 10 emails no faster than 300 a minute together", async () => {
    const name = `duet_rate_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "duet-rate-"));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        PUBLIC_URL: "http://127.0.0.1:3000",
        SEED_DEMO: "false",
        LOG_LEVEL: "silent",
        MAIL_QUEUE_PER_MINUTE: "300",
      },
      null,
    );
    const instances = [];
    try {
      for (const process of ["a", "b"]) {
        const database = await openDatabase({ kind: "postgres", url: dbUrl.href, max: 4 });
        if (process === "a") await runMigrations(database);
        const mailer = createMailer({
          from: `${process}@duet.local`,
          smtpUrl: smtpUrl(),
          outboxDir: "/nonexistent",
        });
        const built = await buildApp({
          config,
          database,
          mailer,
          secret: "test-secret-test-secret-test-secret-000",
        });
        instances.push({ ...built, database });
      }
      const db = instances[0]!.ctx.db;
      await enqueueMail(
        db,
        Array.from({ length: 10 }, (_, i) => ({
          kind: "confirm" as const,
          toEmail: `rate${i}@example.com`,
          subject: "Rate",
          text: "Rate",
        })),
      );
      received.length = 0;
      const started = Date.now();
      await Promise.all(instances.map((x) => x.ctx.audienceMail.drain()));
      const took = Date.now() - started;
      const got = received.filter((m) => m.to.startsWith("rate"));
      expect(new Set(got.map((m) => m.to)).size).toBe(10);
      expect(got).toHaveLength(10);
      // Both processes sent, and together they kept to one slot per 200 ms: 9 gaps, ≥ 1.8 s.
      // (Each on its own rate: ~1 s, measured 0.9–1.1 s here.)
      expect(new Set(got.map((m) => m.from))).toEqual(new Set(["a@duet.local", "b@duet.local"]));
      const span = Math.max(...got.map((m) => m.at)) - Math.min(...got.map((m) => m.at));
      expect(span, `span ${span} ms, drain ${took} ms`).toBeGreaterThanOrEqual(1650);
    } finally {
      for (const x of instances) {
        await x.app.close();
        await x.database.close();
      }
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
