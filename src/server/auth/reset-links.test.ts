import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verification } from "../db/schema";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../test/test-app";

// A reset link works once, and only until the password changes; the database never holds it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.request({ method: "POST", url: "/api/auth/sign-in/email", payload: { email, password } });
/** Follow an emailed link like a browser: Better Auth redirects to our page with `?token=`. */
async function tokenFrom(link: string): Promise<string> {
  const follow = await t.request({ method: "GET", url: link.replace(t.config.publicUrl, "") });
  expect(follow.statusCode, follow.body).toBe(302);
  const token = new URL(String(follow.headers.location), t.config.publicUrl).searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}
const setPassword = (token: string, newPassword: string) =>
  t.request({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });

describe("password reset links", () => {
  const askReset = (email: string) =>
    t.request({ method: "POST", url: "/api/auth/request-password-reset", payload: { email } });

  it("all stop working once one of them is used", async () => {
    const reader = await t.signUp();
    expect((await askReset(reader.email)).statusCode).toBe(200);
    const first = await tokenFrom(t.mailer.linkFor(reader.email, "reset")!);
    expect((await askReset(reader.email)).statusCode).toBe(200);
    const second = await tokenFrom(t.mailer.linkFor(reader.email, "reset")!);
    expect(second).not.toBe(first);
    expect((await setPassword(first, "brand-new-secret-1")).statusCode).toBe(200);
    const reused = await setPassword(second, "someone-elses-2");
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe("INVALID_TOKEN");
    expect((await signIn(reader.email, "brand-new-secret-1")).statusCode).toBe(200);
  });

  it("all stop working when the password is changed while signed in", async () => {
    const reader = await t.signUp();
    expect((await askReset(reader.email)).statusCode).toBe(200);
    const pending = await tokenFrom(t.mailer.linkFor(reader.email, "reset")!);
    const changed = await t.request({
      method: "POST",
      url: "/api/auth/change-password",
      cookie: reader.cookie,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "changed-secret-3" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await setPassword(pending, "someone-elses-2")).statusCode).toBe(400);
    expect((await signIn(reader.email, "changed-secret-3")).statusCode).toBe(200);
  });

  it("are stored hashed: the database never holds the token from the email", async () => {
    const reader = await t.signUp();
    expect((await askReset(reader.email)).statusCode).toBe(200);
    const token = await tokenFrom(t.mailer.linkFor(reader.email, "reset")!);
    const rows = await t.ctx.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(like(verification.identifier, "reset-password:%"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identifier).not.toContain(token);
    expect((await setPassword(token, "hashed-but-works-4")).statusCode).toBe(200);
  });
});
