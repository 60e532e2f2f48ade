import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("platform", () => {
  it("GET /api/health › answers ok with the database kind", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it("unknown API routes › 404 with the JSON error shape", async () => {
    const res = await t.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });

  it("security headers › CSP forbids objects, base and framing; nosniff", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("security headers › CSP refuses inline <style> elements but keeps the post's style attributes", async () => {
    // The pages' policy (the API's answers are never documents: security-headers.test.ts).
    const res = await t.request({ method: "GET", url: "/" });
    const directives = String(res.headers["content-security-policy"]).split(";");
    expect(directives).toContain("style-src 'self'");
    expect(directives).toContain("style-src-attr 'unsafe-inline'");
  });

  it("test helpers › sign a reader and both authors in", async () => {
    const reader = await t.as("user");
    const him = await t.as("him");
    expect(reader.cookie).toContain("session_token");
    const res = await t.request({ method: "GET", url: "/api/auth/get-session", cookie: him.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("him@duet.local");
  });
});
