import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlockedReader } from "../../common/engagement";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let clock = new Date("2025-03-01T09:00:00.000Z").getTime();
const tick = () => {
  clock += 60_000;
  return new Date(clock);
};
let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp({}, { now: tick });
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.signUp({ email: "reader@example.com" });
});
afterAll(() => t.close());

const req = (method: "GET" | "POST" | "DELETE", url: string, who: TestUser | null, payload?: object) =>
  t.request({ method, url, cookie: who?.cookie, ...(payload ? { payload } : {}) });

const listed = async (who: TestUser) => {
  const res = await req("GET", "/api/blocks", who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return (res.json().items as BlockedReader[]).map((b) => `${b.name} (${b.displayName})`);
};

describe("GET /api/blocks: the readers the signed-in author blocked", () => {
  it("lists his blocks, newest first, to him alone; her list is her own; unblocking takes a reader off", async () => {
    const ann = await t.signUp({ email: "ann@example.com", name: "Ann A." });
    const bob = await t.signUp({ email: "bob@example.org", name: "Bob B." });
    expect(await listed(him)).toEqual([]);
    for (const who of [ann, bob]) {
      expect((await req("POST", "/api/blocks", him, { userId: who.id })).statusCode).toBe(201);
    }
    const [first] = (await req("GET", "/api/blocks", him)).json().items as BlockedReader[];
    expect(first).toEqual({
      userId: bob.id,
      name: "bob",
      displayName: "Bob B.",
      blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await listed(him)).toEqual(["bob (Bob B.)", "ann (Ann A.)"]);
    // Blocks are per blog: hers is empty until she blocks someone herself.
    expect(await listed(her)).toEqual([]);
    expect((await req("POST", "/api/blocks", her, { userId: ann.id })).statusCode).toBe(201);
    expect(await listed(her)).toEqual(["ann (Ann A.)"]);
    // Unblocking on his blog leaves her block alone.
    expect((await req("DELETE", `/api/blocks/${ann.id}`, him)).statusCode).toBe(204);
    expect(await listed(him)).toEqual(["bob (Bob B.)"]);
    expect(await listed(her)).toEqual(["ann (Ann A.)"]);
  });

  it("refuses visitors (401) and readers (403), and a query it does not know (400)", async () => {
    const visitor = await req("GET", "/api/blocks", null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBeTruthy();
    const signedIn = await req("GET", "/api/blocks", reader);
    expect(signedIn.statusCode).toBe(403);
    expect(signedIn.json().error.message).toBe("Only the blog's authors can do that.");
    for (const query of ["?limit=5", "?x=1", `?userId=${"x".repeat(5000)}`]) {
      const res = await req("GET", `/api/blocks${query}`, him);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe("DELETE /api/blocks/:userId", () => {
  it("is the blog's authors' alone, and a reader never blocked or a malformed id changes nothing", async () => {
    const carl = await t.signUp({ email: "carl@example.com", name: "Carl" });
    await req("POST", "/api/blocks", him, { userId: carl.id });
    expect((await req("DELETE", `/api/blocks/${carl.id}`, null)).statusCode).toBe(401);
    expect((await req("DELETE", `/api/blocks/${carl.id}`, reader)).statusCode).toBe(403);
    expect((await req("DELETE", `/api/blocks/${carl.id}`, carl)).statusCode).toBe(403);
    expect((await req("DELETE", "/api/blocks/nobody", him)).statusCode).toBe(204);
    const huge = await req("DELETE", `/api/blocks/${"x".repeat(5000)}`, him);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(await listed(him)).toContain("carl (Carl)");
  });
});
