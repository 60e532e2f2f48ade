import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountBodySchemas } from "../../common/schemas/account";
import { rateLimit, session, user, verification } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { AUTH_ENDPOINTS, findAuthEndpoint } from "./endpoints";

// The table of auth/endpoints.ts and Better Auth agree: every row is a real Better Auth endpoint
// with those methods, and every other path Better Auth has answers 404 and does nothing.

let t: TestApp;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  reader = await t.as("user");
});
afterAll(() => t.close());

type Method = "GET" | "POST";

/** Better Auth's endpoints of this configuration: path → methods. */
async function betterAuthEndpoints(): Promise<Map<string, Method[]>> {
  const api = (await t.ctx.auth.load()).api as unknown as Record<
    string,
    { path?: string; options?: { method?: unknown } }
  >;
  const found = new Map<string, Method[]>();
  for (const endpoint of Object.values(api)) {
    if (typeof endpoint.path !== "string") continue; // server-only calls (setPassword)
    const method = endpoint.options?.method;
    const methods = (Array.isArray(method) ? method : [method]).filter(
      (m): m is Method => m === "GET" || m === "POST",
    );
    found.set(endpoint.path, [...(found.get(endpoint.path) ?? []), ...methods]);
  }
  return found;
}

const concrete = (path: string) => path.replace(/:[^/]+/g, "x1");

async function counts() {
  const n = async (table: typeof user | typeof session | typeof verification | typeof rateLimit) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]!.n;
  return [await n(user), await n(session), await n(verification), await n(rateLimit)];
}

describe("the Better Auth endpoint table", () => {
  it("names only Better Auth endpoints, each with methods Better Auth answers", async () => {
    const real = await betterAuthEndpoints();
    for (const [path, endpoint] of Object.entries(AUTH_ENDPOINTS)) {
      expect(real.get(path), path).toBeDefined();
      for (const method of endpoint.methods) expect(real.get(path), `${method} ${path}`).toContain(method);
      if (endpoint.body || endpoint.afterLimiter) expect(endpoint.methods, path).toEqual(["POST"]);
    }
  });

  it("checks every account body of common/schemas with its row", () => {
    for (const path of Object.keys(AccountBodySchemas))
      expect(AUTH_ENDPOINTS[path]?.body, path).toBeDefined();
  });

  it("finds a row by its path, a path parameter standing for one segment", () => {
    expect(findAuthEndpoint("/sign-in/email")?.path).toBe("/sign-in/email");
    expect(findAuthEndpoint("/reset-password/abc")?.path).toBe("/reset-password/:token");
    expect(findAuthEndpoint("/reset-password/abc/def")).toBeNull();
    expect(findAuthEndpoint("/reset-password/")).toBeNull();
    expect(findAuthEndpoint("/constructor")).toBeNull();
    expect(findAuthEndpoint("/__proto__")).toBeNull();
  });

  it("tells Better Auth's limiter each row's limit", async () => {
    const rules = (await t.ctx.auth.load()).options.rateLimit?.customRules ?? {};
    const perMinute = { window: 60, max: t.config.authRateLimitPerMinute };
    expect(rules["/sign-in/email"]).toEqual(perMinute);
    expect(rules["/reset-password/*"]).toEqual(perMinute);
    expect(rules["/change-password"]).toEqual({ window: 10, max: 3 });
    expect(Object.keys(rules)).toHaveLength(Object.keys(AUTH_ENDPOINTS).length);
  });

  it("answers 404 and nothing else to every other Better Auth path and method, signed in or not", async () => {
    const real = await betterAuthEndpoints();
    const others: Array<[Method, string]> = [];
    for (const [path, methods] of real) {
      const row = AUTH_ENDPOINTS[path];
      for (const method of ["GET", "POST"] as const) {
        if (!row?.methods.includes(method)) others.push([method, concrete(path)]);
      }
      if (!row) expect(methods.length, path).toBeGreaterThan(0);
    }
    // Better Auth's own pages and account calls Duet has no screen for are among them.
    const paths = others.map(([, p]) => p);
    for (const p of ["/ok", "/error", "/delete-user", "/revoke-sessions", "/change-email", "/sign-in/social"])
      expect(paths).toContain(p);

    const before = await counts();
    for (const [method, path] of [...others, ["GET", "/no-such-path"] as [Method, string]]) {
      for (const cookie of [null, reader.cookie]) {
        const res = await t.request({
          method,
          url: `/api/auth${path}`,
          payload: method === "POST" ? { email: reader.email, newEmail: "x@example.com" } : undefined,
          cookie,
        });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json(), `${method} ${path}`).toEqual({
          error: { code: "NOT_FOUND", message: "Not found." },
        });
        expect(res.headers["set-cookie"], `${method} ${path}`).toBeUndefined();
        expect(res.headers["cache-control"], `${method} ${path}`).toBe("no-store");
      }
    }
    // Nothing stored, revoked or even counted by Better Auth's limiter: it never saw the requests.
    expect(await counts()).toEqual(before);
    const still = await t.request({ method: "GET", url: "/api/auth/get-session", cookie: reader.cookie });
    expect(still.json().user.email).toBe(reader.email);
  });
});
