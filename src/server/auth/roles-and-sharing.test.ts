import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../app";
import { user } from "../db/schema";
import { createPost } from "../test/factories";
import { fastPasswordHasher } from "../test/fast-password";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// The server (not only the client) refuses an unverified author address, and
// sessions and rate-limit counts live in the database, so several processes share them.

describe("an account at an author's address that is not verified yet", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("is refused every author write with 403 until it is verified, then may publish", async () => {
    const fake = await t.signUp({ email: t.config.authorEmails.him, verified: false });
    const post = await createPost(t.ctx, { author: "him", title: "His real post" });
    const writes = [
      {
        method: "POST",
        url: "/api/posts",
        payload: { title: "Mine now", content: "<p>x</p>", author: "him" },
      },
      { method: "PATCH", url: `/api/posts/${post.id}`, payload: { title: "Taken over" } },
      { method: "DELETE", url: `/api/posts/${post.id}` },
      { method: "POST", url: "/api/uploads", payload: {} },
    ] as const;
    for (const write of writes) {
      const res = await t.request({ ...write, cookie: fake.cookie });
      expect(res.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    const after = await t.request({ method: "GET", url: `/api/posts/${post.id}` });
    expect(after.json().title).toBe("His real post");

    // Following the verification link (here: the flag it sets) makes the same session the author.
    await t.ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, fake.id));
    const publish = await t.request({
      method: "POST",
      url: "/api/posts",
      payload: { title: "Now verified", content: "<p>x</p>", author: "him" },
      cookie: fake.cookie,
    });
    expect(publish.statusCode).toBe(201);
  });
});

describe("an author address a stranger registered first", () => {
  it("goes back to its owner through the emailed reset link: verified, admin, the stranger's password and session gone", async () => {
    const t = await buildTestApp();
    try {
      const him = t.config.authorEmails.him;
      const stranger = await t.signUp({ email: him, verified: false });
      const asked = await t.request({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email: him },
      });
      expect(asked.statusCode).toBe(200);
      const link = t.mailer.linkFor(him, "reset");
      expect(link).toBeTruthy();
      const follow = await t.request({ method: "GET", url: link!.replace(t.config.publicUrl, "") });
      const token = new URL(String(follow.headers.location)).searchParams.get("token");
      const reset = await t.request({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, newPassword: "owners-own-secret-7" },
      });
      expect(reset.statusCode).toBe(200);

      const session = (cookie: string) => t.request({ method: "GET", url: "/api/session", cookie });
      expect((await session(stranger.cookie)).json().viewer).toBeNull();
      const signIn = (password: string) =>
        t.request({ method: "POST", url: "/api/auth/sign-in/email", payload: { email: him, password } });
      expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
      const owner = await signIn("owners-own-secret-7");
      expect(owner.statusCode).toBe(200);
      const cookie = owner.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      expect((await session(cookie)).json().viewer).toMatchObject({ isAdmin: true, authorKey: "him" });
    } finally {
      await t.close();
    }
  });
});

describe("two server processes on one database", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  // One clock for both processes (real time unless a test holds it): the throttle's delays are
  // measured on it, so a slow machine cannot outwait them between two requests.
  let heldAt: Date | null = null;
  const now = () => heldAt ?? new Date();
  beforeAll(async () => {
    t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "4" }, { now });
    other = await buildApp({
      config: t.config,
      database: t.ctx.database,
      secret: "test-secret-test-secret-test-secret-000",
      mailer: t.mailer,
      now,
      // The same hasher as the first process, as two processes of one server have.
      passwordHasher: fastPasswordHasher,
    });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });

  const origin = { origin: "http://127.0.0.1:3000" };
  const signInOn = (app: TestApp["app"], email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers: origin,
      payload: { email, password },
    });

  it("share sessions: a cookie from one is the same viewer on the other, and a sign-out on one ends it on both", async () => {
    const reader = await t.signUp({ name: "Shared Sam" });
    const seen = await other.app.inject({
      method: "GET",
      url: "/api/session",
      headers: { cookie: reader.cookie },
    });
    expect(seen.json().viewer).toMatchObject({ id: reader.id, displayName: "Shared Sam" });
    const out = await other.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...origin, cookie: reader.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/session", cookie: reader.cookie });
    expect(after.json().viewer).toBeNull();
  });

  it("share the per-IP sign-in limit: 2 attempts on each use up 4, the next is refused on both", async () => {
    const ip = "192.0.2.77";
    const { email } = await t.signUp();
    for (const app of [t.app, t.app, other.app, other.app]) {
      expect(
        (await signInOn(app, `probe-${Math.random()}@example.com`, "whatever-pass", ip)).statusCode,
      ).toBe(401);
    }
    for (const app of [t.app, other.app]) {
      const blocked = await signInOn(app, email, TEST_PASSWORD, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe("RATE_LIMITED");
    }
  });

  it("share the failed sign-in throttle: failures spread over both hold each failing address on both", async () => {
    heldAt = new Date();
    onTestFinished(() => {
      heldAt = null;
    });
    const { email } = await t.signUp();
    let n = 0;
    for (const app of [
      t.app,
      other.app,
      t.app,
      other.app,
      t.app,
      other.app,
      t.app,
      other.app,
      t.app,
      other.app,
    ]) {
      expect((await signInOn(app, email, `wrong-pass-${n}`, `198.51.100.${++n}`)).statusCode).toBe(401);
    }
    // An address that failed on one process is held on the other (the delay is the account's).
    expect((await signInOn(other.app, email, TEST_PASSWORD, "198.51.100.1")).statusCode).toBe(429);
    expect((await signInOn(t.app, email, TEST_PASSWORD, "198.51.100.2")).statusCode).toBe(429);
    // The owner at an address with no failures of its own signs in (decision 0013).
    expect((await signInOn(t.app, email, TEST_PASSWORD, "198.51.100.51")).statusCode).toBe(200);
  });
});
