import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app";
import { SEARCH_LIMIT, SEARCH_LIMIT_MESSAGE } from "./search-limit";

// Searches that reach the database are limited per address (search-limit.ts); cached answers,
// other addresses and the next minute are not affected.

let t: TestApp;
let clock = new Date("2026-05-01T10:00:00Z");
const ATTACKER = "203.0.113.7";

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const search = (q: string, remoteAddress: string) =>
  t.request({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}`, remoteAddress });

describe("searching from one address", () => {
  it(`allows ${SEARCH_LIMIT.max} searches a minute that reach the database, then 429 with a clear message`, async () => {
    for (let i = 0; i < SEARCH_LIMIT.max; i++) {
      const res = await search(`invented${i}`, ATTACKER);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await search("onemore", ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: "TOO_MANY_REQUESTS", message: SEARCH_LIMIT_MESSAGE } });
  });

  it("still answers that address from the cache, and other addresses as usual", async () => {
    expect((await search("invented3", ATTACKER)).statusCode).toBe(200);
    expect((await search("onemore", "198.51.100.20")).statusCode).toBe(200);
  });

  it("the /search page over the limit is a 429 page without results; the API says why", async () => {
    const res = await t.request({ method: "GET", url: "/search?q=brandnew", remoteAddress: ATTACKER });
    expect(res.statusCode).toBe(429);
    expect(res.headers["content-type"]).toContain("text/html");
    const inlined = '["posts","search","brandnew",""]';
    expect(res.body).not.toContain(inlined);
    const other = await t.request({
      method: "GET",
      url: "/search?q=brandnew",
      remoteAddress: "198.51.100.21",
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain(inlined);
  });

  it("allows that address again a minute later", async () => {
    clock = new Date(clock.getTime() + SEARCH_LIMIT.windowMs + 1);
    expect((await search("fresh", ATTACKER)).statusCode).toBe(200);
  });
});
