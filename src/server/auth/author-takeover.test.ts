import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";
import { VERIFY_ORIGIN_COOKIE } from "./verify-origin";

// A stranger who registers an author address first, with a password of their
// own, must not become that blog's admin when the real owner opens the emailed link.

const ATTACKER = { remoteAddress: "203.0.113.66", headers: { "user-agent": "curl/8.5" } };
// A browser: every navigation carries fetch metadata (a link opened from a mail app: site "none").
const OWNER = {
  remoteAddress: "198.51.100.7",
  headers: {
    "user-agent": "Mozilla/5.0 (Owner's phone)",
    "sec-fetch-mode": "navigate",
    "sec-fetch-site": "none",
  },
};
type Client = { remoteAddress: string; headers: Record<string, string> };

let t: TestApp;
let email: string;
beforeEach(async () => {
  t = await buildTestApp();
  email = t.config.authorEmails.him;
});
afterEach(() => t.close());

const cookieOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies
    .filter((c) => c.name.includes("session_token") && c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");

const signUp = (from: Client, password = TEST_PASSWORD) =>
  t.request({
    ...from,
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password, name: "Him" },
  });
const signIn = (from: Client, password = TEST_PASSWORD) =>
  t.request({ ...from, method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
const viewerOf = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/session", cookie })).json().viewer;
const openLink = (from: Client, cookie?: string) =>
  t.request({
    ...from,
    method: "GET",
    url: t.mailer.linkFor(email, "verify")!.replace(t.config.publicUrl, ""),
    cookie,
  });
const isVerified = async () =>
  (await t.ctx.db.select({ v: user.emailVerified }).from(user).where(eq(user.email, email)))[0]?.v;

describe("a stranger registers an author address first", () => {
  it("the owner's click leads to setting the password, which confirms the address and signs the stranger out for good", async () => {
    expect((await signUp(ATTACKER, "attackers-own-pass-1")).statusCode).toBe(200);
    const attacker = sessionCookie(await signIn(ATTACKER, "attackers-own-pass-1"));
    expect(await viewerOf(attacker)).toMatchObject({ isAdmin: false, unverifiedAuthor: true });

    // The owner opens 'Confirm your … author address' in their own browser.
    const opened = await openLink(OWNER);
    expect(opened.statusCode).toBe(302);
    const target = new URL(String(opened.headers.location), t.config.publicUrl);
    expect(target.pathname).toBe("/reset-password");
    expect(target.searchParams.get("verify")).toBe("1");
    expect(sessionCookie(opened)).toBe("");
    // Opening the link confirmed nothing: the stranger is still an ordinary user.
    expect(await isVerified()).toBe(false);
    expect(await viewerOf(attacker)).toMatchObject({ isAdmin: false });

    const set = await t.request({
      ...OWNER,
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: target.searchParams.get("token"), newPassword: "owners-new-pass-2" },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await isVerified()).toBe(true);
    // The stranger's session ended and their password no longer opens the account.
    expect(await viewerOf(attacker)).toBeNull();
    expect((await signIn(ATTACKER, "attackers-own-pass-1")).statusCode).toBe(401);
    const owner = sessionCookie(await signIn(OWNER, "owners-new-pass-2"));
    expect(await viewerOf(owner)).toMatchObject({ isAdmin: true, authorKey: "him" });
    // The page's token works once.
    const again = await t.request({
      ...OWNER,
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: target.searchParams.get("token"), newPassword: "attackers-own-pass-3" },
    });
    expect(again.statusCode).toBe(400);
  });

  it("a stranger with the owner's address and user agent, but not her browser's cookie, is not made admin", async () => {
    // Behind the owner's NAT (or a proxy without TRUST_PROXY), sending her browser's User-Agent.
    expect((await signUp(OWNER, "strangers-own-pass-1")).statusCode).toBe(200);
    const opened = await openLink(OWNER);
    expect(String(opened.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&verify=1$/);
    expect(sessionCookie(opened)).toBe("");
    expect(await isVerified()).toBe(false);
    const stranger = sessionCookie(await signIn(OWNER, "strangers-own-pass-1"));
    expect(await viewerOf(stranger)).toMatchObject({ isAdmin: false, unverifiedAuthor: true });
  });

  it("a reader signed in elsewhere (not to this account) gets the same detour", async () => {
    await signUp(ATTACKER);
    const reader = await t.signUp();
    const opened = await openLink(OWNER, reader.cookie);
    expect(String(opened.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&verify=1$/);
    expect(await isVerified()).toBe(false);
  });
});

describe("the client that registered the address confirms it by opening the link", () => {
  it("a script without cookies (ARCHITECTURE's contract) from its own address and user agent; not from another", async () => {
    const SCRIPT = { remoteAddress: "192.0.2.10", headers: { "user-agent": "node" } };
    expect((await signUp(SCRIPT)).statusCode).toBe(200);
    const elsewhere = await openLink({ ...SCRIPT, remoteAddress: "192.0.2.11" });
    expect(String(elsewhere.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&verify=1$/);
    // The same address and user agent in a browser is not the script: the owner's click looks so.
    const browser = await openLink({
      ...SCRIPT,
      headers: { ...SCRIPT.headers, "sec-fetch-mode": "navigate" },
    });
    expect(String(browser.headers.location)).toMatch(/^\/reset-password\?token=[\w-]+&verify=1$/);
    expect(await isVerified()).toBe(false);
    const opened = await openLink(SCRIPT);
    expect(opened.headers.location).toBe("/admin?verified=1");
    expect(await isVerified()).toBe(true);
  });

  it("with the cookie set at registration, from any network: confirmed, signed in, every older session ended", async () => {
    const registered = await signUp(OWNER);
    const origin = registered.cookies.find((c) => c.name === VERIFY_ORIGIN_COOKIE);
    expect(origin).toMatchObject({ path: "/api/auth/verify-email", httpOnly: true, sameSite: "Lax" });
    const before = sessionCookie(await signIn(OWNER));
    const opened = await openLink(ATTACKER, cookieOf(registered));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/admin?verified=1");
    expect(await isVerified()).toBe(true);
    expect(await viewerOf(sessionCookie(opened))).toMatchObject({ isAdmin: true, authorKey: "him" });
    expect(await viewerOf(before)).toBeNull();
  });

  it("from the registering client with its cookie, on the same network: confirmed directly", async () => {
    const registered = await signUp(OWNER);
    const opened = await openLink(OWNER, cookieOf(registered));
    expect(opened.headers.location).toBe("/admin?verified=1");
    expect((await signIn(OWNER)).statusCode).toBe(200);
    expect(await isVerified()).toBe(true);
  });

  it("signed in to the account itself (the /admin notice's resend, opened where she reads it)", async () => {
    await signUp(ATTACKER);
    const session = sessionCookie(await signIn(ATTACKER));
    const opened = await openLink(OWNER, session);
    expect(opened.headers.location).toBe("/admin?verified=1");
    expect(await isVerified()).toBe(true);
  });

  it("the same address with another user agent is not enough", async () => {
    await signUp(OWNER);
    const opened = await openLink({ ...OWNER, headers: { "user-agent": "curl/8.5" } });
    expect(String(opened.headers.location)).toMatch(/^\/reset-password\?/);
  });

  it("bad and used links keep Better Auth's answers", async () => {
    const registered = await signUp(OWNER);
    const link = t.mailer.linkFor(email, "verify")!.replace(t.config.publicUrl, "");
    const tampered = await t.request({
      ...ATTACKER,
      method: "GET",
      url: link.replace(/token=([^&]+)/, "token=$1x"),
    });
    expect(tampered.headers.location).toBe("/admin?verified=1&error=INVALID_TOKEN");
    expect((await openLink(OWNER, cookieOf(registered))).headers.location).toBe("/admin?verified=1");
    // Once confirmed, opening it again anywhere just lands on /admin, signing nobody in.
    const reopened = await openLink(ATTACKER);
    expect(reopened.headers.location).toBe("/admin?verified=1");
    expect(sessionCookie(reopened)).toBe("");
  });
});
