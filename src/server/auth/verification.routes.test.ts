import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESEND_MAX_PER_HOUR } from "../../common/limits";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { RESEND_MESSAGES } from "./verification.routes";

// An author who registered but has not verified asks for the link again from /admin.

let clock = new Date("2026-05-01T10:00:00Z").getTime();
let t: TestApp;
let pending: TestUser;
let reader: TestUser;
let verified: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock) });
  pending = await t.signUp({ email: t.config.authorEmails.her, name: "Her" });
  reader = await t.as("user");
  verified = await t.as("him");
});
afterAll(() => t.close());

const resend = (user?: TestUser, payload?: unknown) =>
  t.request({
    method: "POST",
    url: "/api/account/verification-email",
    cookie: user?.cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const mailsTo = (email: string) => t.mailer.sent.filter((m) => [m.to].flat().includes(email)).length;

describe("POST /api/account/verification-email", () => {
  it("sends the unverified author a new link that lands on /admin", async () => {
    const before = mailsTo(pending.email);
    const res = await resend(pending);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: RESEND_MESSAGES.sent });
    expect(mailsTo(pending.email)).toBe(before + 1);
    const link = t.mailer.linkFor(pending.email, "verify")!;
    expect(decodeURIComponent(link)).toContain("callbackURL=/admin?verified=1");
  });

  it("is limited per account: one a minute, five an hour, whatever the client address", async () => {
    const again = await resend(pending);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ error: { code: "TOO_MANY_REQUESTS", message: RESEND_MESSAGES.wait } });
    let sent = 1;
    while (sent < RESEND_MAX_PER_HOUR) {
      clock += 61_000;
      expect((await resend(pending)).statusCode).toBe(200);
      sent++;
    }
    clock += 61_000;
    const over = await resend(pending);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(RESEND_MESSAGES.tooMany);
    // An hour later it may ask again.
    clock += 60 * 60_000;
    expect((await resend(pending)).statusCode).toBe(200);
  });

  it("role matrix: visitor 401, reader 403, a verified author 409, sending nothing", async () => {
    const before = t.mailer.sent.length;
    expect((await resend()).statusCode).toBe(401);
    const r = await resend(reader);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.message).toBe(RESEND_MESSAGES.notAuthor);
    const v = await resend(verified);
    expect(v.statusCode).toBe(409);
    expect(v.json().error.message).toBe(RESEND_MESSAGES.alreadyVerified);
    expect(t.mailer.sent.length).toBe(before);
  });

  it("refuses a body with fields and cross-site requests", async () => {
    clock += 2 * 60 * 60_000;
    const bad = await resend(pending, { email: "someone@else.example" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Unknown field: email.");
    const cross = await t.request({
      method: "POST",
      url: "/api/account/verification-email",
      cookie: pending.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(cross.statusCode).toBe(403);
  });
});
