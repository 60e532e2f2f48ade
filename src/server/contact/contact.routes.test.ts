import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";
import { ContactDelivery, createContactSender } from "./delivery";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.contactDelivery.drain();
  await t.ctx.db.delete(contactMessages);
  t.mailer.sent = [];
});

const valid = {
  name: "Ada Reader",
  email: "ada@example.com",
  subject: "Hello there",
  message: "I loved your trip to Lisbon.\nMore please!",
};

const send = (payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.request({ method: "POST", url: "/api/contact", payload: payload as object, ...extra });

async function stored() {
  const [row] = await t.ctx.db.select({ n: count() }).from(contactMessages);
  return row!.n;
}

describe("POST /api/contact", () => {
  it("stores a visitor's message, answers 201, then emails it to the authors with Reply-To the sender", async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: valid.name,
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
    });

    await t.ctx.contactDelivery.drain();
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toEqual(["him@duet.local", "her@duet.local"]);
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.subject).toContain("Hello there");
    expect(mail.text).toContain("I loved your trip to Lisbon.\nMore please!");
    expect(mail.text).toContain("Ada Reader");
    const [after] = await t.ctx.db.select().from(contactMessages);
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
    expect(after!.deliveredAt).toBeInstanceOf(Date);
  });

  it("delivers a stored message by itself, without waiting for the next poll", async () => {
    expect((await send({ ...valid, subject: "by itself" })).statusCode).toBe(201);
    await expect
      .poll(async () => (await t.ctx.db.select().from(contactMessages))[0]?.status, { timeout: 10_000 })
      .toBe("sent");
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(["[Duet] Contact: by itself"]);
  });

  it("accepts signed-in readers and authors alike", async () => {
    for (const role of ["user", "him", "her"] as const) {
      const who = await t.as(role);
      const res = await t.request({
        method: "POST",
        url: "/api/contact",
        payload: valid,
        cookie: who.cookie,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(await stored()).toBe(3);
  });

  it("trims the fields", async () => {
    await send({ ...valid, name: "  Ada  ", subject: " Hi " });
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: "Ada", subject: "Hi" });
  });

  it("refuses missing, blank, wrongly typed, oversized and unknown fields with 400, storing nothing", async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, name: undefined }, "Name must be text."],
      [{ ...valid, name: "   " }, "Name is required."],
      [{ ...valid, email: "" }, "Email is required."],
      [{ ...valid, email: "not-an-email" }, "Please enter a valid email address."],
      [{ ...valid, subject: 12 }, "Subject must be text."],
      [{ ...valid, message: "" }, "Message is required."],
      [{ ...valid, message: ["a"] }, "Message must be text."],
      [{ ...valid, name: "n".repeat(101) }, "Name must be at most 100 characters."],
      [{ ...valid, subject: "s".repeat(201) }, "Subject must be at most 200 characters."],
      [{ ...valid, message: "m".repeat(5001) }, "Message must be at most 5000 characters."],
      [{ ...valid, email: `${"e".repeat(250)}@example.com` }, "Email must be at most 254 characters."],
      [{ ...valid, to: "attacker@example.com" }, "Unknown field: to."],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await send(null)).statusCode).toBe(400);
    expect((await send({ ...valid, message: "x".repeat(5_000_000) })).statusCode).toBe(413);
    expect(await stored()).toBe(0);
  });

  it("refuses CR/LF in name, email or subject (no header injection), storing nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: "Ada\r\nBcc: victim@example.com" }, "Name must be a single line."],
      [{ email: "ada@example.com\nBcc: victim@example.com" }, "Email must be a single line."],
      [{ subject: "Hi\rX-Spam: yes" }, "Subject must be a single line."],
      [{ subject: "Hi\u0000there" }, "Subject contains characters that are not allowed."],
    ];
    for (const [patch, message] of cases) {
      const res = await send({ ...valid, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await stored()).toBe(0);
    await t.ctx.contactDelivery.drain();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it("pretends success for a filled honeypot but stores and sends nothing", async () => {
    const res = await send({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect(await stored()).toBe(0);
    await t.ctx.contactDelivery.drain();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it("accepts an empty honeypot", async () => {
    expect((await send({ ...valid, website: "" })).statusCode).toBe(201);
    expect(await stored()).toBe(1);
  });

  it("limits each address to 5 messages in 10 minutes (429 with a clear message); others are unaffected", async () => {
    const ip = "10.200.0.1";
    for (let i = 0; i < 5; i++) expect((await send(valid, { remoteAddress: ip })).statusCode).toBe(201);
    const limited = await send(valid, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      "You have sent several messages in a short time. Please wait a few minutes and try again.",
    );
    expect(await stored()).toBe(5);
    expect((await send(valid, { remoteAddress: "10.200.0.2" })).statusCode).toBe(201);
  });

  it("holds the per-address limit under concurrent sends: 20 at once store exactly 5", async () => {
    const ip = "10.200.0.3";
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send({ ...valid, subject: `burst ${i}` }, { remoteAddress: ip })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(await stored()).toBe(5);
  });

  it("refuses a cross-site request with 403 and stores nothing", async () => {
    const res = await send(valid, { headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("CROSS_SITE");
    const form = await t.request({
      method: "POST",
      url: "/api/contact",
      headers: { origin: "https://evil.example", "content-type": "text/plain" },
      payload: JSON.stringify(valid),
    });
    expect(form.statusCode).toBe(403);
    expect(await stored()).toBe(0);
  });
});

describe("the delivery worker's lifetime", () => {
  it("stops with the app: a closed app sends nothing more, and messages wait in the database", async () => {
    const other = await buildTestApp();
    await other.request({ method: "POST", url: "/api/contact", payload: valid });
    await other.ctx.contactDelivery.drain();
    expect(other.mailer.sent).toHaveLength(1);
    await other.ctx.contactDelivery.stop();
    await other.request({
      method: "POST",
      url: "/api/contact",
      payload: { ...valid, subject: "after stop" },
    });
    await other.ctx.contactDelivery.drain();
    expect(other.mailer.sent).toHaveLength(1);
    const rows = await other.ctx.db.select().from(contactMessages);
    expect(rows.find((r) => r.subject === "after stop")).toMatchObject({ status: "pending", attempts: 0 });
    await other.close();
  });
});

describe("messages waiting at a restart", () => {
  it("are delivered, once, by the worker that starts next (nothing lost)", async () => {
    const other = await buildTestApp();
    try {
      await other.ctx.contactDelivery.stop();
      await other.request({ method: "POST", url: "/api/contact", payload: { ...valid, subject: "waited" } });
      expect(other.mailer.sent).toHaveLength(0);
      // The next process's worker, on the same database.
      const next = new ContactDelivery({
        db: other.ctx.db,
        send: createContactSender(other.config, other.mailer),
        now: other.ctx.now,
      });
      next.start();
      await expect
        .poll(async () => (await other.ctx.db.select().from(contactMessages))[0]?.status, { timeout: 10_000 })
        .toBe("sent");
      await next.drain();
      await next.stop();
      expect(other.mailer.sent.map((m) => m.subject)).toEqual(["[Duet] Contact: waited"]);
    } finally {
      await other.close();
    }
  });
});

describe("GET /api/contact/messages", () => {
  it("shows admins the received messages newest first, with delivery status", async () => {
    await send({ ...valid, subject: "older" });
    await t.ctx.contactDelivery.drain();
    await send({ ...valid, subject: "newer" });
    const him = await t.as("him");
    const res = await t.request({ method: "GET", url: "/api/contact/messages", cookie: him.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(["newer", "older"]);
    expect(body.items[1]).toMatchObject({ status: "sent", name: "Ada Reader", email: "ada@example.com" });
    expect(["pending", "sent"]).toContain(body.items[0].status);
    const her = await t.as("her");
    expect(
      (await t.request({ method: "GET", url: "/api/contact/messages", cookie: her.cookie })).statusCode,
    ).toBe(200);
  });

  it("pages with a cursor", async () => {
    for (let i = 1; i <= 3; i++) await send({ ...valid, subject: `m${i}` });
    const him = await t.as("him");
    const first = (
      await t.request({ method: "GET", url: "/api/contact/messages?limit=2", cookie: him.cookie })
    ).json();
    expect(first.items).toHaveLength(2);
    const second = await t.request({
      method: "GET",
      url: `/api/contact/messages?limit=2&cursor=${first.nextCursor}`,
      cookie: him.cookie,
    });
    expect(second.json().items).toHaveLength(1);
    expect(second.json().nextCursor).toBeNull();
  });

  it("refuses visitors (401) and readers (403)", async () => {
    await send(valid);
    expect((await t.request({ method: "GET", url: "/api/contact/messages" })).statusCode).toBe(401);
    const reader = await t.as("user");
    const res = await t.request({ method: "GET", url: "/api/contact/messages", cookie: reader.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("ada@example.com");
  });

  it("refuses an unverified account using an author's address (403)", async () => {
    const other = await buildTestApp();
    try {
      const fake = await other.signUp({ email: "him@duet.local", verified: false });
      const res = await other.request({ method: "GET", url: "/api/contact/messages", cookie: fake.cookie });
      expect(res.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it("answers 400 for a bad limit or cursor", async () => {
    const him = await t.as("him");
    for (const q of ["limit=0", "limit=51", "cursor=%%%"]) {
      const res = await t.request({ method: "GET", url: `/api/contact/messages?${q}`, cookie: him.cookie });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
