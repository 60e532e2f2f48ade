import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { buildTestApp, type TestApp } from "../test/test-app";
import { ContactDelivery, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from "./delivery";

const valid = {
  name: "Ada Reader",
  email: "ada@example.com",
  subject: "Hello there",
  message: "Line one\nLine two",
};

/** A clock the test moves by hand; the delivery worker reads it through ctx.now. */
function manualClock() {
  let now = new Date("2025-03-01T12:00:00.000Z").getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function listen(server: Server): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

describe("contact delivery by SMTP (real server on loopback)", () => {
  let smtp: SMTPServer;
  let port: number;
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
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
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
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

  async function smtpApp(clock = manualClock()) {
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const mailer = createMailer({ from: "Duet <no-reply@duet.local>", smtpUrl, outboxDir: "/nonexistent" });
    const t = await buildTestApp(
      { SMTP_URL: smtpUrl, CONTACT_TO_EMAIL: "owners@duet.local" },
      { mailer, now: clock.now },
    );
    apps.push(t);
    return { t, clock };
  }

  it("emails the message to CONTACT_TO_EMAIL with Reply-To the sender", async () => {
    received.length = 0;
    const { t } = await smtpApp();
    const res = await t.request({ method: "POST", url: "/api/contact", payload: valid });
    expect(res.statusCode).toBe(201);
    await t.ctx.contactDelivery.drain();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.to).toEqual(["owners@duet.local"]);
    expect(mail.raw).toMatch(/^Reply-To: ada@example\.com\r?$/m);
    expect(mail.raw).toMatch(/^To: owners@duet\.local\r?$/m);
    expect(mail.raw).toMatch(/^Subject: \[Duet\] Contact: Hello there\r?$/m);
    expect(mail.raw).toContain("Line one");
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps a message the SMTP server refused and delivers it once on a later attempt", async () => {
    received.length = 0;
    failNext = 1;
    const { t, clock } = await smtpApp();
    expect((await t.request({ method: "POST", url: "/api/contact", payload: valid })).statusCode).toBe(201);
    await t.ctx.contactDelivery.drain();
    expect(received).toHaveLength(0);
    let [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("451");

    clock.advance(RETRY_DELAYS_MS[0]!);
    await t.ctx.contactDelivery.drain();
    await t.ctx.contactDelivery.drain();
    expect(received).toHaveLength(1);
    [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("contact delivery by EmailJS (compatible server on loopback)", () => {
  let server: Server;
  let port: number;
  let requests: Array<Record<string, unknown>> = [];
  /** How the fake provider answers the next requests (then 200 'OK'). */
  let failures: Array<{ status: number; text: string }> = [];
  let problems: string[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const raw = await readBody(req);
      if (req.method !== "POST" || req.url !== "/api/v1.0/email/send") {
        problems.push(`${req.method} ${req.url}`);
        res.writeHead(404).end("Not found");
        return;
      }
      if (!String(req.headers["content-type"]).startsWith("application/json")) problems.push("content-type");
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw);
      } catch {
        problems.push("not JSON");
        res.writeHead(400).end("Bad JSON");
        return;
      }
      const keys = Object.keys(body).sort();
      const expected = [
        "accessToken",
        "lib_version",
        "service_id",
        "template_id",
        "template_params",
        "user_id",
      ];
      if (JSON.stringify(keys) !== JSON.stringify(expected)) problems.push(`fields ${keys.join(",")}`);
      const params = body.template_params as Record<string, unknown>;
      const paramKeys = Object.keys(params ?? {}).sort();
      if (
        JSON.stringify(paramKeys) !==
        JSON.stringify(["from_email", "from_name", "message", "subject", "to_name"])
      ) {
        problems.push(`template_params ${paramKeys.join(",")}`);
      }
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure.status, { "content-type": "text/plain" }).end(failure.text);
        return;
      }
      requests.push(body);
      res.writeHead(200, { "content-type": "text/plain" }).end("OK");
    });
    port = await listen(server);
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function emailJsApp(clock = manualClock()) {
    requests = [];
    problems = [];
    const t = await buildTestApp(
      {
        EMAILJS_API_URL: `http://127.0.0.1:${port}`,
        EMAILJS_SERVICE_ID: "service_duet",
        EMAILJS_TEMPLATE_ID: "template_contact",
        EMAILJS_PUBLIC_KEY: "public-key-123",
        EMAILJS_PRIVATE_KEY: "private-key-456",
      },
      { now: clock.now },
    );
    apps.push(t);
    return { t, clock };
  }

  it("posts SPEC §7's JSON fields and marks the message sent on 200 'OK'", async () => {
    const { t } = await emailJsApp();
    expect((await t.request({ method: "POST", url: "/api/contact", payload: valid })).statusCode).toBe(201);
    await t.ctx.contactDelivery.drain();
    expect(problems).toEqual([]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      user_id: "public-key-123",
      service_id: "service_duet",
      template_id: "template_contact",
      accessToken: "private-key-456",
      template_params: {
        from_name: "Ada Reader",
        from_email: "ada@example.com",
        subject: "Hello there",
        message: "Line one\nLine two",
        to_name: "Duet",
      },
    });
    expect(typeof requests[0]!.lib_version).toBe("string");
    expect(t.mailer.sent).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("takes a 200 status or an 'OK' text as success, and anything else as a failure to retry", async () => {
    const cases: Array<[{ status: number; text: string }, string]> = [
      [{ status: 200, text: "Accepted" }, "sent"],
      [{ status: 202, text: "OK" }, "sent"],
      [{ status: 400, text: "The template ID is invalid" }, "pending"],
      [{ status: 201, text: "Created" }, "pending"],
    ];
    // One app for the four answers: each case starts from an empty table, so its row is its own.
    const { t } = await emailJsApp();
    for (const [answer, status] of cases) {
      await t.ctx.db.delete(contactMessages);
      failures = [answer];
      await t.request({ method: "POST", url: "/api/contact", payload: valid });
      await t.ctx.contactDelivery.drain();
      const [row] = await t.ctx.db.select().from(contactMessages);
      expect(row, JSON.stringify(answer)).toMatchObject({ status, attempts: 1 });
      if (status === "pending") expect(row!.lastError).toContain(String(answer.status));
      expect(problems).toEqual([]);
    }
    failures = [];
  });

  it("retries a failing provider with backoff and delivers exactly once when it recovers", async () => {
    const { t, clock } = await emailJsApp();
    failures = [
      { status: 500, text: "Internal error" },
      { status: 503, text: "Service unavailable" },
    ];
    await t.request({ method: "POST", url: "/api/contact", payload: valid });
    await t.ctx.contactDelivery.drain();
    let [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("500");

    // Not due yet: nothing is sent before the backoff has passed.
    clock.advance(RETRY_DELAYS_MS[0]! - 1000);
    await t.ctx.contactDelivery.drain();
    [row] = await t.ctx.db.select().from(contactMessages);
    expect(row!.attempts).toBe(1);

    clock.advance(1000);
    await t.ctx.contactDelivery.drain();
    [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row!.lastError).toContain("503");

    clock.advance(RETRY_DELAYS_MS[1]!);
    await t.ctx.contactDelivery.drain();
    clock.advance(24 * 3_600_000);
    await t.ctx.contactDelivery.drain();
    expect(requests).toHaveLength(1);
    [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(problems).toEqual([]);
  });

  it("gives up after the last attempt and keeps the message as 'failed' for the Inbox", async () => {
    const { t, clock } = await emailJsApp();
    failures = Array.from({ length: MAX_DELIVERY_ATTEMPTS + 2 }, () => ({ status: 500, text: "down" }));
    await t.request({ method: "POST", url: "/api/contact", payload: valid });
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) {
      await t.ctx.contactDelivery.drain();
      clock.advance(7 * 3_600_000);
    }
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
    expect(requests).toHaveLength(0);
    failures = [];
    const him = await t.as("him");
    const inbox = await t.request({ method: "GET", url: "/api/contact/messages", cookie: him.cookie });
    expect(inbox.json().items[0]).toMatchObject({ status: "failed", subject: "Hello there" });
  });

  it("sends each message once even when two workers share the database", async () => {
    const { t } = await emailJsApp();
    for (let i = 0; i < 6; i++) {
      await t.request({ method: "POST", url: "/api/contact", payload: { ...valid, subject: `s${i}` } });
    }
    await t.ctx.contactDelivery.drain();
    requests = [];
    // Make them all due again as if new, then race two independent workers over them.
    await t.ctx.db
      .update(contactMessages)
      .set({ status: "pending", attempts: 0, nextAttemptAt: t.ctx.now() });
    const sent: string[] = [];
    const makeWorker = () =>
      new ContactDelivery({
        db: t.ctx.db,
        now: t.ctx.now,
        send: async (m) => {
          sent.push(m.subject);
          await new Promise((r) => setTimeout(r, 5));
        },
      });
    const a = makeWorker();
    const b = makeWorker();
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(sent.sort()).toEqual(["s0", "s1", "s2", "s3", "s4", "s5"]);
    await a.stop();
    await b.stop();
  });
});
