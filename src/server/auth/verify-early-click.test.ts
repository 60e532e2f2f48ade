import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import type { Mailer, OutgoingMail } from "../mail/mailer";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// The author opens the emailed link while 'Creating Account...' still shows: the mail is in, the
// sign-up's answer (with the cookie that marks this browser as the registering one) is not. The
// same browser's click must confirm the address at once, not detour to setting a password again.

const BROWSER = {
  remoteAddress: "198.51.100.7",
  headers: {
    "user-agent": "Mozilla/5.0 (Leo's laptop)",
    "sec-fetch-mode": "navigate",
    "sec-fetch-site": "none",
  },
};

let t: TestApp;
let click: Promise<LightMyRequestResponse> | undefined;
// The mail is opened while the sign-up still waits on it: the click's first answer comes back
// before the sign-up can answer.
const mailer: Mailer = {
  async send(mail: OutgoingMail) {
    const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((u) => u.includes("verify-email"));
    if (!link) return;
    const url = new URL(link);
    click = t.app.inject({ method: "GET", url: `${url.pathname}${url.search}`, ...BROWSER });
    await click;
  },
  close() {},
};

beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
});
afterAll(() => t.close());

const cookieOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const follow = (location: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: location,
    ...BROWSER,
    headers: { ...BROWSER.headers, ...(cookie ? { cookie } : {}) },
  });

describe("a verification link opened before the sign-up answered", () => {
  it("waits for the answer, then confirms in the browser that registered; elsewhere it detours", async () => {
    const email = t.config.authorEmails.him;
    const signUp = await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password: TEST_PASSWORD, name: "Leo" },
      ...BROWSER,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const first = await click!;
    expect(first.statusCode).toBe(302);
    const again = String(first.headers.location);
    expect(again).toMatch(/^\/api\/auth\/verify-email\?.*\bwait=1\b/);

    // Without the registering cookie (another browser), once the sign-up answered: the detour.
    const elsewhere = await follow(again);
    expect(String(elsewhere.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&verify=1$/);
    const [before] = await t.ctx.db.select().from(user).where(eq(user.email, email));
    expect(before?.emailVerified).toBe(false);

    // The browser that registered has its cookie by now: confirmed at once, signed in, on /admin.
    const confirmed = await follow(again, cookieOf(signUp));
    expect(confirmed.statusCode).toBe(302);
    expect(String(confirmed.headers.location)).toMatch(/\/admin\?verified=1$/);
    const [after] = await t.ctx.db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);
  });
});
