import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../test/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// Sessions cannot be fixated, read by scripts, or found in anything the server sends back.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TOKEN_COOKIE = /(?:^|;\s*)better-auth\.session_token=([^;]+)/;
const tokenOf = (cookie: string) => decodeURIComponent(TOKEN_COOKIE.exec(cookie)![1]!);
const cookieOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const viewerOf = async (cookie: string | null) =>
  (await t.request({ method: "GET", url: "/api/session", cookie })).json().viewer as {
    email: string;
  } | null;

const signIn = (email: string, cookie?: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password: TEST_PASSWORD },
    ...(cookie ? { cookie } : {}),
  });

describe("session fixation", () => {
  it("signing in with an attacker's planted session cookie issues a new token; the planted one stays the attacker's", async () => {
    const attacker = await t.signUp();
    const victim = await t.signUp();
    const res = await signIn(victim.email, attacker.cookie);
    expect(res.statusCode).toBe(200);
    const issued = cookieOf(res);
    expect(tokenOf(issued)).not.toBe(tokenOf(attacker.cookie));
    expect((await viewerOf(issued))?.email).toBe(victim.email);
    expect((await viewerOf(attacker.cookie))?.email).toBe(attacker.email);
  });

  it("a token the server never issued is never adopted", async () => {
    const victim = await t.signUp();
    const planted = "better-auth.session_token=attacker-chosen-value.signature";
    expect(await viewerOf(planted)).toBeNull();
    const res = await signIn(victim.email, planted);
    expect(tokenOf(cookieOf(res))).not.toContain("attacker-chosen-value");
    expect(await viewerOf(planted)).toBeNull();
  });

  it("a token with one character changed is nobody", async () => {
    const reader = await t.signUp();
    const token = tokenOf(reader.cookie);
    // Change the session id, not the signature's last base64 digit: its low bits are padding, so
    // some one-letter changes there decode to the same signature.
    const first = token.startsWith("A") ? "B" : "A";
    const tampered = `${first}${token.slice(1)}`;
    expect(await viewerOf(`better-auth.session_token=${encodeURIComponent(tampered)}`)).toBeNull();
  });

  it("a session ended by sign-out cannot be replayed", async () => {
    const reader = await t.signUp();
    await t.request({ method: "POST", url: "/api/auth/sign-out", payload: {}, cookie: reader.cookie });
    expect(await viewerOf(reader.cookie)).toBeNull();
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${(await createPost(t.ctx)).id}/like`,
      payload: {},
      cookie: reader.cookie,
    });
    expect(res.statusCode).toBe(401);
  });

  it("a password reset ends every session of the account", async () => {
    const reader = await t.signUp();
    await t.request({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: reader.email },
    });
    const link = t.mailer.linkFor(reader.email, "reset")!;
    const follow = await t.request({ method: "GET", url: link.replace(t.config.publicUrl, "") });
    const token = new URL(String(follow.headers.location)).searchParams.get("token");
    const reset = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "brand-new-secret-7" },
    });
    expect(reset.statusCode).toBe(200);
    expect(await viewerOf(reader.cookie)).toBeNull();
  });
});

describe("scripts cannot read the session", () => {
  it("every cookie the server sets on sign-in is HttpOnly and SameSite", async () => {
    const reader = await t.signUp();
    const res = await signIn(reader.email);
    const cookies = [res.headers["set-cookie"]].flat().filter(Boolean) as string[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
  });

  it("no Better Auth answer carries the token in its body (sign-in, get-session, list-sessions)", async () => {
    const reader = await t.signUp();
    const res = await signIn(reader.email);
    const token = tokenOf(cookieOf(res));
    const bare = token.split(".")[0]!;
    expect(res.body).not.toContain(bare);
    expect(res.json().user.email).toBe(reader.email);
    for (const url of ["/api/auth/get-session", "/api/auth/list-sessions"]) {
      const answer = await t.request({ method: "GET", url, cookie: cookieOf(res) });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).not.toContain(bare);
      expect(answer.body, url).not.toMatch(/"token"/);
    }
  });

  it("no page the server renders inlines the token, for a reader or an author", async () => {
    const post = await createPost(t.ctx, { author: "her", hashtags: ["sea"] });
    const pages = [
      "/",
      "/his-blog",
      "/her-blog",
      `/post/${post.slug}`,
      "/tags/sea",
      "/contact",
      "/login",
      "/profile",
      "/admin",
    ];
    for (const role of ["user", "her"] as const) {
      const who = await t.as(role);
      const bare = tokenOf(who.cookie).split(".")[0]!;
      for (const page of pages) {
        const res = await t.request({ method: "GET", url: page, cookie: who.cookie });
        expect(res.statusCode, `${role} ${page}`).toBeLessThan(500);
        expect(res.body, `${role} ${page}`).not.toContain(bare);
        expect(res.body, `${role} ${page}`).not.toMatch(/session_token/);
      }
    }
  });
});
