import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailQueue } from "../db/schema";
import { RETRY_DELAYS_MS } from "../mail/delivery-worker";
import { createMailer } from "../mail/mailer";
import { buildTestApp, type TestApp } from "../test/test-app";

// Audience mail through a real SMTP server on loopback: opt-in, one email per follower and post,
// the RFC 8058 headers as they go over the wire, and a server that fails then recovers.

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let failNext = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failNext > 0) {
          failNext--;
          const err = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

let now = new Date("2025-05-01T08:00:00.000Z").getTime();
const clock = () => new Date(now);

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

async function smtpApp() {
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  const mailer = createMailer({ from: "Duet <no-reply@duet.local>", smtpUrl, outboxDir: "/nonexistent" });
  const t = await buildTestApp(
    { SMTP_URL: smtpUrl, MAIL_QUEUE_PER_MINUTE: "100000" },
    { mailer, now: clock },
  );
  apps.push(t);
  // The authors' accounts first: their verification emails go through the same server.
  await t.as("him");
  await t.as("her");
  received.length = 0;
  return t;
}

const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=")
    .replace(/\r?\n[ \t]+/g, " ");
const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

async function followAndConfirm(t: TestApp, email: string, authors: Array<"him" | "her">) {
  expect(
    (await t.request({ method: "POST", url: "/api/follow", payload: { email, authors } })).statusCode,
  ).toBe(200);
  await t.ctx.audienceMail.drain();
  const confirmation = mailsTo(email).at(-1);
  expect(confirmation, `confirmation to ${email}`).toBeTruthy();
  const link = /https?:\/\/\S+\/subscriptions\?confirm=[\w%,-]+/.exec(unfold(confirmation!.raw))![0];
  const tokens = decodeURIComponent(new URL(link).searchParams.get("confirm")!).split(",");
  const res = await t.request({ method: "POST", url: "/api/follow/confirm", payload: { tokens } });
  expect(res.statusCode, res.body).toBe(200);
}

async function publish(t: TestApp, author: "him" | "her", title: string, extra: object = {}) {
  const who = await t.as(author);
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: who.cookie,
    payload: { author, title, content: `<p>${title}</p>`, hashtags: [], images: [], ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.publishing.kick();
  return res.json() as { id: string; slug: string };
}

describe("audience mail over SMTP", () => {
  it("opt-in, then one email per follower per post with RFC 8058 headers; none for the other author's followers", async () => {
    received.length = 0;
    const t = await smtpApp();
    await followAndConfirm(t, "ann@example.com", ["him"]);
    await followAndConfirm(t, "bea@example.com", ["him", "her"]);
    await followAndConfirm(t, "cat@example.com", ["her"]);
    received.length = 0;
    const post = await publish(t, "him", "Over the wire");
    await t.ctx.audienceMail.drain();
    expect(received.map((m) => m.to).sort()).toEqual([["ann@example.com"], ["bea@example.com"]]);
    const raw = unfold(mailsTo("ann@example.com")[0]!.raw);
    expect(raw).toMatch(/^Subject: New on His Blog: Over the wire\r?$/m);
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3000\/api\/follow\/unsubscribe\?token=[\w-]+>\r?$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toContain(`http://127.0.0.1:3000/post/${post.slug}`);

    // The one-click target from the header unsubscribes; the next post skips Ann.
    const target = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)![1]!;
    const url = new URL(target);
    const res = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    received.length = 0;
    await publish(t, "him", "After Ann left");
    await t.ctx.audienceMail.drain();
    expect(received.map((m) => m.to)).toEqual([["bea@example.com"]]);
  });

  it("a scheduled post reaches followers when its time comes, not before", async () => {
    const t = await smtpApp();
    await followAndConfirm(t, "sched@example.com", ["him"]);
    received.length = 0;
    await publish(t, "him", "Tomorrow's news", {
      status: "scheduled",
      publishAt: new Date(now + 3_600_000).toISOString(),
    });
    await t.ctx.audienceMail.drain();
    expect(received).toHaveLength(0);
    now += 3_600_000 + 1000;
    await t.ctx.publishing.kick();
    await t.ctx.audienceMail.drain();
    expect(received.map((m) => m.to)).toEqual([["sched@example.com"]]);
    expect(unfold(received[0]!.raw)).toMatch(/^Subject: New on His Blog: Tomorrow's news\r?$/m);
  });

  it("a post unpublished and published again is not emailed to followers a second time", async () => {
    const t = await smtpApp();
    await followAndConfirm(t, "fay@example.com", ["him"]);
    received.length = 0;
    const post = await publish(t, "him", "Said once");
    await t.ctx.audienceMail.drain();
    expect(received.map((m) => m.to)).toEqual([["fay@example.com"]]);
    const him = await t.as("him");
    for (const status of ["draft", "published"]) {
      now += 60_000;
      const res = await t.request({
        method: "PATCH",
        url: `/api/posts/${post.id}`,
        cookie: him.cookie,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.ctx.publishing.kick();
      await t.ctx.audienceMail.drain();
    }
    expect(received).toHaveLength(1);
  });

  it("a failing SMTP server that recovers delivers each email once, without duplicates", async () => {
    received.length = 0;
    const t = await smtpApp();
    await followAndConfirm(t, "dan@example.com", ["her"]);
    await followAndConfirm(t, "eve@example.com", ["her"]);
    received.length = 0;
    failNext = 2;
    await publish(t, "her", "Through the storm");
    await t.ctx.audienceMail.drain();
    expect(received).toHaveLength(0);
    let rows = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.kind, "post"));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(rows[0]!.lastError).toContain("451");
    // Not before the retry delay...
    await t.ctx.audienceMail.drain();
    expect(received).toHaveLength(0);
    now += RETRY_DELAYS_MS[0]!;
    await t.ctx.audienceMail.drain();
    await t.ctx.audienceMail.drain();
    expect(received.map((m) => m.to[0]).sort()).toEqual(["dan@example.com", "eve@example.com"]);
    rows = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.kind, "post"));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 2)).toBe(true);
    // Later runs (a poll, another process) send nothing again.
    now += RETRY_DELAYS_MS[4]!;
    await t.ctx.audienceMail.drain();
    expect(received).toHaveLength(2);
  });
});
