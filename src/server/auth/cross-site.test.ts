import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app";

// Every state-changing route of Duet and of Better Auth refuses requests from another site,
// even from a signed-in author (a cross-site form or fetch carries their cookie).
const ROUTES: Array<{ method: "POST" | "PATCH" | "DELETE"; url: string; payload?: object }> = [
  { method: "POST", url: "/api/posts", payload: { title: "t", content: "c", author: "him" } },
  { method: "PATCH", url: "/api/posts/p1", payload: { title: "t" } },
  { method: "DELETE", url: "/api/posts/p1" },
  { method: "POST", url: "/api/posts/p1/like", payload: {} },
  { method: "POST", url: "/api/posts/p1/comments", payload: { content: "hi" } },
  { method: "PATCH", url: "/api/comments/c1", payload: { content: "hi" } },
  { method: "DELETE", url: "/api/comments/c1" },
  {
    method: "POST",
    url: "/api/contact",
    payload: { name: "a", email: "a@b.co", subject: "s", message: "m" },
  },
  { method: "POST", url: "/api/uploads", payload: {} },
  {
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email: "x@example.com", password: "pw-123456", name: "X" },
  },
  {
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: "x@example.com", password: "pw-123456" },
  },
  { method: "POST", url: "/api/auth/sign-out", payload: {} },
  { method: "POST", url: "/api/auth/request-password-reset", payload: { email: "x@example.com" } },
  { method: "POST", url: "/api/auth/reset-password", payload: { token: "t", newPassword: "pw-123456" } },
  { method: "POST", url: "/api/auth/update-user", payload: { name: "X" } },
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("cross-site requests", () => {
  it.each(ROUTES)(
    "$method $url › refuses Origin: https://evil.example with 403",
    async ({ method, url, payload }) => {
      const him = await t.as("him");
      const res = await t.request({
        method,
        url,
        payload,
        cookie: him.cookie,
        headers: { origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("CROSS_SITE");
    },
  );

  it.each(ROUTES)(
    "$method $url › refuses Sec-Fetch-Site: cross-site without an Origin",
    async ({ method, url, payload }) => {
      const him = await t.as("him");
      const res = await t.request({
        method,
        url,
        payload,
        cookie: him.cookie,
        headers: { origin: "", "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode).toBe(403);
    },
  );
});
