import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { user } from "../db/schema";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  // The real scrypt, end to end: these tests are the sign-up, sign-in and reset flows themselves.
  t = await buildTestApp({}, { realPasswords: true });
});
afterAll(() => t.close());

let n = 0;
const freshEmail = (prefix = "reader") => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;

const signUp = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: "POST", url: "/api/auth/sign-up/email", payload: payload as object, headers });
const signIn = (
  email: string,
  password: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => t.request({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password }, ...extra });
const sessionOf = async (cookie: string | null) =>
  (await t.request({ method: "GET", url: "/api/session", cookie })).json().viewer;
const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const usersNamed = async (email: string) => t.ctx.db.select().from(user).where(eq(user.email, email));

describe("POST /api/auth/sign-up/email", () => {
  it("creates the account with its display name and does not sign it in", async () => {
    const email = freshEmail();
    const res = await signUp({ email, password: TEST_PASSWORD, name: "  Ann Reader  " });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name.includes("session_token"))).toBeUndefined();
    const [row] = await usersNamed(email);
    expect(row?.name).toBe("Ann Reader");
    expect(row?.emailVerified).toBe(false);
  });

  it("answers 409 EMAIL_IN_USE for an address already registered, whatever its case", async () => {
    const email = freshEmail();
    expect((await signUp({ email, password: TEST_PASSWORD, name: "Ann" })).statusCode).toBe(200);
    const again = await signUp({ email: email.toUpperCase(), password: "another-pass-9", name: "Eve" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: "EMAIL_IN_USE",
        message: "This email is already registered. Please use a different email or try logging in.",
      },
    });
    const rows = await usersNamed(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("Ann");
  });

  it("refuses a blank display name with 'Display name is required'", async () => {
    const email = freshEmail();
    const res = await signUp({ email, password: TEST_PASSWORD, name: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Display name is required");
    expect(await usersNamed(email)).toHaveLength(0);
  });

  it("refuses a 5-character password with 'Password must be at least 6 characters'", async () => {
    const res = await signUp({ email: freshEmail(), password: "abcde", name: "Ann" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "PASSWORD_TOO_SHORT",
      message: "Password must be at least 6 characters",
    });
  });

  it.each(["password123", "Qwerty123", "iloveyou", "123456789", "letmein1"])(
    "refuses the common password %s with the weak-password message",
    async (password) => {
      const email = freshEmail();
      const res = await signUp({ email, password, name: "Ann" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: "PASSWORD_TOO_WEAK",
        message: "The password is too weak. Please use a stronger password.",
      });
      expect(await usersNamed(email)).toHaveLength(0);
    },
  );

  it("refuses a malformed email with INVALID_EMAIL", async () => {
    const res = await signUp({ email: "not-an-email", password: TEST_PASSWORD, name: "Ann" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("INVALID_EMAIL");
  });

  it("answers a 1 MB password or email with a clean 400", async () => {
    const huge = "a".repeat(1024 * 1024);
    const pw = await signUp({ email: freshEmail(), password: huge, name: "Ann" });
    expect(pw.statusCode).toBe(400);
    expect(pw.json().error.code).toBe("PASSWORD_TOO_LONG");
    const em = await signUp({ email: `${huge}@example.com`, password: TEST_PASSWORD, name: "Ann" });
    expect(em.statusCode).toBe(400);
    expect(em.json().error.code).toBe("INVALID_EMAIL");
    const name = await signUp({ email: freshEmail(), password: TEST_PASSWORD, name: huge });
    expect(name.statusCode).toBe(400);
  });

  it.each([
    ["a number as email", { email: 5, password: TEST_PASSWORD, name: "Ann" }],
    ["an array as password", { email: "x@example.com", password: ["a"], name: "Ann" }],
    ["an object as name", { email: "x@example.com", password: TEST_PASSWORD, name: { a: 1 } }],
    ["a missing name", { email: "x@example.com", password: TEST_PASSWORD }],
    ["an unknown field", { email: "x@example.com", password: TEST_PASSWORD, name: "Ann", role: "admin" }],
    ["an array body", [1, 2]],
  ])("refuses %s with 400 and stores nothing", async (_what, payload) => {
    const res = await signUp(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTypeOf("string");
    expect(await usersNamed("x@example.com")).toHaveLength(0);
  });

  it("refuses a text/plain body", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: JSON.stringify({ email: freshEmail(), password: TEST_PASSWORD, name: "Ann" }),
      headers: { "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
  });

  it("refuses a cross-site request with 403", async () => {
    const email = freshEmail();
    const res = await signUp(
      { email, password: TEST_PASSWORD, name: "Ann" },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    const fetchSite = await signUp(
      { email, password: TEST_PASSWORD, name: "Ann" },
      { origin: "", "sec-fetch-site": "cross-site" },
    );
    expect(fetchSite.statusCode).toBe(403);
    expect(await usersNamed(email)).toHaveLength(0);
  });
});

describe("POST /api/auth/sign-in/email", () => {
  it("signs in with an HttpOnly, SameSite=Lax session cookie (not Secure on http)", async () => {
    const { email } = await t.signUp();
    const res = await signIn(email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const raw = [res.headers["set-cookie"]].flat().join("\n");
    expect(raw).toMatch(/better-auth\.session_token=/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/);
  });

  it("answers 401 INVALID_EMAIL_OR_PASSWORD for a wrong password and for an unknown account", async () => {
    const { email } = await t.signUp();
    const wrong = await signIn(email, "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const unknown = await signIn(freshEmail("nobody"), TEST_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("answers bad input with 400, a 1 MB password quickly", async () => {
    expect((await signIn(freshEmail(), "a".repeat(1024 * 1024))).statusCode).toBe(400);
    expect((await signIn(`${"a".repeat(1024 * 1024)}@x.com`, TEST_PASSWORD)).statusCode).toBe(400);
    const typed = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: ["a"], password: 1 },
    });
    expect(typed.statusCode).toBe(400);
    const extra = await t.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: freshEmail(), password: TEST_PASSWORD, callbackURL: "https://evil.example" },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("refuses a cross-site sign-in with 403", async () => {
    const { email } = await t.signUp();
    const res = await signIn(email, TEST_PASSWORD, { headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("after 10 failed sign-ins from any addresses, the addresses that failed wait; a new address and other accounts do not", async () => {
    const { email } = await t.signUp();
    const other = await t.signUp();
    const from = (i: number) => ({ remoteAddress: `198.18.0.${i + 1}` });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(email, `wrong-pass-${i}`, from(i))).statusCode).toBe(401);
    }
    const held = await signIn(email, TEST_PASSWORD, from(9));
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many unsuccessful login attempts. Please try again later or reset your password.",
    });
    expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signIn(email.toUpperCase(), TEST_PASSWORD, from(8))).statusCode).toBe(429);
    // The owner somewhere new is not kept out by strangers' failures.
    expect((await signIn(email, TEST_PASSWORD, { remoteAddress: "198.18.1.1" })).statusCode).toBe(200);
    expect((await signIn(other.email, TEST_PASSWORD, from(9))).statusCode).toBe(200);
  });

  it("a successful sign-in starts the failure count again", async () => {
    const { email } = await t.signUp();
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-pass-${i}`)).statusCode).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, `wrong-pass-${i}`)).statusCode).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("per-IP rate limits (on by default, keyed on the socket address)", () => {
  it("sign-in: after 10 failures from one IP the next attempt waits; X-Forwarded-For does not help; another IP still works", async () => {
    const ip = "192.0.2.10";
    const { email } = await t.signUp();
    for (let i = 0; i < 10; i++) {
      const res = await signIn(freshEmail("probe"), "whatever-pass", {
        remoteAddress: ip,
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signIn(email, TEST_PASSWORD, {
      remoteAddress: ip,
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("TOO_MANY_REQUESTS");
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect((await signIn(email, TEST_PASSWORD, { remoteAddress: "192.0.2.11" })).statusCode).toBe(200);
  });

  it("sign-up: registrations over AUTH_RATE_LIMIT_PER_MINUTE from one IP get 429 RATE_LIMITED, storing nothing", async () => {
    const t2 = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const register = (email: string) =>
        t2.app.inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          remoteAddress: "192.0.2.20",
          headers: { origin: "http://127.0.0.1:3000" },
          payload: { email, password: TEST_PASSWORD, name: "Bulk" },
        });
      for (let i = 0; i < 3; i++) expect((await register(freshEmail())).statusCode).toBe(200);
      const email = freshEmail();
      const res = await register(email);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe("RATE_LIMITED");
      expect(await t2.ctx.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });

  it("keeps its counts in the database (rate_limit table)", async () => {
    const rows = await t.ctx.db.execute("select key, count from rate_limit");
    const list = rowsOf<{ key: string }>(rows);
    expect(list.some((r) => r.key.includes("192.0.2.10") && r.key.includes("/sign-in/email"))).toBe(true);
  });

  it("AUTH_RATE_LIMIT_PER_MINUTE sets the per-IP limit", async () => {
    const t2 = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const ip = "192.0.2.30";
      const attempt = () =>
        t2.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: ip,
          headers: { origin: "http://127.0.0.1:3000" },
          payload: { email: freshEmail(), password: TEST_PASSWORD },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });
});

describe("GET /api/session and roles", () => {
  it("a visitor has no viewer", async () => {
    expect(await sessionOf(null)).toBeNull();
  });

  it("a reader is a plain user with their display name", async () => {
    const reader = await t.signUp({ name: "Rita" });
    expect(await sessionOf(reader.cookie)).toMatchObject({
      id: reader.id,
      email: reader.email,
      displayName: "Rita",
      isAdmin: false,
      authorKey: null,
    });
  });

  it("an author address that is not verified yet is an ordinary user", async () => {
    const t2 = await buildTestApp();
    try {
      const him = await t2.signUp({ email: t2.config.authorEmails.him, verified: false });
      const viewer = (await t2.request({ method: "GET", url: "/api/session", cookie: him.cookie })).json()
        .viewer;
      expect(viewer).toMatchObject({
        isAdmin: false,
        authorKey: null,
        emailVerified: false,
        unverifiedAuthor: true,
      });
    } finally {
      await t2.close();
    }
  });

  it("the verified authors are admins tied to 'him' and 'her'", async () => {
    const him = await t.as("him");
    const her = await t.as("her");
    expect(await sessionOf(him.cookie)).toMatchObject({ isAdmin: true, authorKey: "him" });
    expect(await sessionOf(her.cookie)).toMatchObject({ isAdmin: true, authorKey: "her" });
  });

  it("never sends the session token to the client", async () => {
    const reader = await t.signUp();
    const body = (await t.request({ method: "GET", url: "/api/session", cookie: reader.cookie })).body;
    expect(body).not.toMatch(/token/i);
  });
});

describe("author verification by email", () => {
  it("registering an author address (any case) sends a 'verify' link; following it makes that account the admin", async () => {
    const t2 = await buildTestApp();
    try {
      // One browser throughout: it keeps the cookie the registration set (the link
      // confirms at once only where that cookie is; elsewhere it asks for the password first).
      const client = { remoteAddress: "192.0.2.10" };
      const res = await t2.request({
        ...client,
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email: " HER@Duet.Local ", password: TEST_PASSWORD, name: "Her" },
      });
      expect(res.statusCode).toBe(200);
      const registrationCookie = cookieOf(res);
      const link = t2.mailer.linkFor("her@duet.local", "verify");
      expect(link).toBeTruthy();
      const before = await t2.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: "her@duet.local", password: TEST_PASSWORD },
      });
      const cookie = cookieOf(before);
      expect((await t2.request({ method: "GET", url: "/api/session", cookie })).json().viewer.isAdmin).toBe(
        false,
      );
      const follow = await t2.request({
        ...client,
        method: "GET",
        url: link!.replace(t2.config.publicUrl, ""),
        cookie: registrationCookie,
      });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe("/admin?verified=1");
      // Sessions from before the proof end (nobody keeps one on a password chosen earlier).
      expect((await t2.request({ method: "GET", url: "/api/session", cookie })).json().viewer).toBeNull();
      // The link itself signs its owner in (it lands on /admin, signed in).
      const linkSession = cookieOf(follow);
      expect(linkSession).toMatch(/session_token=/);
      expect(
        (await t2.request({ method: "GET", url: "/api/session", cookie: linkSession })).json().viewer,
      ).toMatchObject({ isAdmin: true, authorKey: "her" });
    } finally {
      await t2.close();
    }
  });

  it("a tampered verification link lands on /admin with the error code, verifies nothing, signs nobody in", async () => {
    const t2 = await buildTestApp();
    try {
      await t2.request({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email: "him@duet.local", password: TEST_PASSWORD, name: "Him" },
      });
      const link = t2.mailer.linkFor("him@duet.local", "verify")!;
      const tampered = link.replace(t2.config.publicUrl, "").replace(/token=([^&]+)/, "token=$1x");
      const follow = await t2.request({ method: "GET", url: tampered });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe("/admin?verified=1&error=INVALID_TOKEN");
      expect(follow.headers["set-cookie"] ?? []).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/session_token=[^;]+/)]),
      );
      const him = await t2.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: "him@duet.local", password: TEST_PASSWORD },
      });
      const viewer = (await t2.request({ method: "GET", url: "/api/session", cookie: cookieOf(him) })).json()
        .viewer;
      expect(viewer.isAdmin).toBe(false);
    } finally {
      await t2.close();
    }
  });

  it("sends no mail to a reader who registers", async () => {
    const email = freshEmail();
    await signUp({ email, password: TEST_PASSWORD, name: "Ann" });
    expect(t.mailer.sent.filter((m) => [m.to].flat().includes(email))).toHaveLength(0);
  });

  it.each([
    ["a trailing dot", "him@duet.local."],
    ["a zero-width space", "him\u200b@duet.local"],
    ["a zero-width joiner in the domain", "him@duet\u200d.local"],
    ["a Cyrillic look-alike letter", "h\u0456m@duet.local"],
  ])("a look-alike author address with %s is never an admin, even when verified", async (_what, email) => {
    const res = await signUp({ email, password: TEST_PASSWORD, name: "Mallory" });
    if (res.statusCode !== 200) {
      expect(res.statusCode).toBe(400);
      return;
    }
    const stored = email.toLowerCase();
    await t.ctx.db.update(user).set({ emailVerified: true }).where(eq(user.email, stored));
    const cookie = cookieOf(await signIn(email, TEST_PASSWORD));
    expect(await sessionOf(cookie)).toMatchObject({ isAdmin: false, authorKey: null });
    expect(t.mailer.sent.filter((m) => [m.to].flat().includes(stored))).toHaveLength(0);
  });
});

describe("password reset", () => {
  const requestReset = (email: string, extra: object = {}, headers: Record<string, string> = {}) =>
    t.request({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email, ...extra },
      headers,
    });

  it("answers 404 USER_NOT_FOUND for an address with no account", async () => {
    const res = await requestReset(freshEmail("nobody"));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: "USER_NOT_FOUND",
      message: "No account found with this email. Please check the email or register.",
    });
  });

  it("emails a 'reset' link to our own page (never the client's redirectTo); the new password works, the old one does not", async () => {
    const { email } = await t.signUp();
    const res = await requestReset(email, { redirectTo: "https://evil.example/steal" });
    expect(res.statusCode).toBe(200);
    const link = t.mailer.linkFor(email, "reset");
    expect(link).toBeTruthy();
    expect(link).not.toContain("evil.example");
    const follow = await t.request({ method: "GET", url: link!.replace(t.config.publicUrl, "") });
    expect(follow.statusCode).toBe(302);
    const location = new URL(String(follow.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${t.config.publicUrl}/reset-password`);
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const reset = (newPassword: unknown) =>
      t.request({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
    expect((await reset("abc")).json().error.message).toBe("Password must be at least 6 characters");
    expect((await reset("password1")).json().error.code).toBe("PASSWORD_TOO_WEAK");
    expect((await reset(12345678)).statusCode).toBe(400);
    expect((await reset("brand-new-secret-7")).statusCode).toBe(200);

    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, "brand-new-secret-7")).statusCode).toBe(200);
  });

  it("refuses an unknown token", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: "not-a-token", newPassword: "brand-new-secret-7" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("INVALID_TOKEN");
  });

  it("refuses bad input and cross-site requests", async () => {
    expect((await requestReset("a".repeat(1024 * 1024))).statusCode).toBe(400);
    expect(
      (await t.request({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: 7 } }))
        .statusCode,
    ).toBe(400);
    expect((await requestReset(freshEmail(), { extra: 1 })).statusCode).toBe(400);
    const { email } = await t.signUp();
    const cross = await requestReset(email, {}, { origin: "https://evil.example" });
    expect(cross.statusCode).toBe(403);
    const resetCross = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: "x", newPassword: "brand-new-secret-7" },
      headers: { origin: "https://evil.example" },
    });
    expect(resetCross.statusCode).toBe(403);
  });
});

describe("POST /api/auth/sign-out", () => {
  it("ends the session", async () => {
    const reader = await t.signUp();
    const res = await t.request({
      method: "POST",
      url: "/api/auth/sign-out",
      payload: {},
      cookie: reader.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(await sessionOf(reader.cookie)).toBeNull();
  });

  it("refuses a cross-site sign-out with 403 and keeps the session", async () => {
    const reader = await t.signUp();
    const res = await t.request({
      method: "POST",
      url: "/api/auth/sign-out",
      payload: {},
      cookie: reader.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(await sessionOf(reader.cookie)).not.toBeNull();
  });
});

describe("session cookies on https", () => {
  it("are Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https", async () => {
    const t2 = await buildTestApp({ PUBLIC_URL: "https://blog.example" });
    try {
      const { email } = await t2.signUp();
      const res = await t2.request({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const raw = [res.headers["set-cookie"]].flat().join("\n");
      expect(raw).toMatch(/__Secure-better-auth\.session_token=/);
      expect(raw).toMatch(/; Secure/i);
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/SameSite=Lax/i);
      // The cookie that lets the registering browser confirm an author address.
      const registered = await t2.request({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email: t2.config.authorEmails.her, password: TEST_PASSWORD, name: "Her" },
      });
      expect(registered.statusCode).toBe(200);
      const origin = [registered.headers["set-cookie"]]
        .flat()
        .find((c) => c?.startsWith("duet_verify_origin="));
      expect(origin).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await t2.close();
    }
  });
});

describe("account updates through Better Auth", () => {
  it("POST /api/auth/update-user › keeps the display name non-blank and short, and nothing else", async () => {
    const reader = await t.signUp({ name: "Before" });
    const update = (payload: object) =>
      t.request({ method: "POST", url: "/api/auth/update-user", payload, cookie: reader.cookie });
    expect((await update({ name: "  " })).json().error.message).toBe("Display name is required");
    expect((await update({ name: "x".repeat(100_000) })).statusCode).toBe(400);
    expect((await update({ name: "Ok", image: "https://evil.example/x.png" })).statusCode).toBe(400);
    expect((await update({ name: "After" })).statusCode).toBe(200);
    expect((await sessionOf(reader.cookie)).displayName).toBe("After");
    const visitor = await t.request({ method: "POST", url: "/api/auth/update-user", payload: { name: "X" } });
    expect(visitor.statusCode).toBe(401);
  });

  it("POST /api/auth/change-password › refuses a common new password", async () => {
    const reader = await t.signUp();
    const res = await t.request({
      method: "POST",
      url: "/api/auth/change-password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "password1" },
      cookie: reader.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("PASSWORD_TOO_WEAK");
  });
});
