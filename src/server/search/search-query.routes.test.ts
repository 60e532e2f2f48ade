import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "../../common/limits";
import { CURSOR_MESSAGE } from "../../common/schemas/page-query";
import { SEARCH_TEXT_MESSAGE, SEARCH_TOO_LONG_MESSAGE } from "../../common/schemas/search";
import type { BlogPost, Page, SearchHit } from "../../common/types";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// GET /api/search: ranking, pages through a cursor, the cache, and every bad query a clear 400
// (what is found and what never is: search.routes.test.ts).

let t: TestApp;
let him: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
});
afterAll(() => t.close());

const search = (query: string, user?: TestUser) =>
  t.request({ method: "GET", url: `/api/search?${query}`, cookie: user?.cookie });

async function found(q: string, user?: TestUser): Promise<Page<SearchHit>> {
  const res = await search(`q=${encodeURIComponent(q)}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function write(payload: Record<string, unknown>): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: { author: "him", hashtags: [], ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("GET /api/search › ranking and pages", () => {
  it("ranks a post about the word above one that mentions it once, then newest first", async () => {
    const mention = await write({
      title: "Weekend",
      content: "<p>We saw a heron by the river, then went home and made soup for dinner.</p>",
    });
    const about = await write({
      title: "The heron",
      content: "<p>The grey heron waits; a heron is patient.</p>",
    });
    expect((await found("heron")).items.map((h) => h.post.id)).toEqual([about.id, mention.id]);
  });

  it("pages through every result once, in rank order, with a cursor to the next page", async () => {
    const base = t.ctx.now().getTime() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const row = await createPost(t.ctx, {
        title: i < 2 ? "Pagination pagination" : `Post ${i}`,
        // The first two alike but for their date; the others longer, so ranked lower.
        content: `<p>pagination ${"filler ".repeat(i < 2 ? 0 : i)}</p>`,
        date: new Date(base + i * 1000),
      });
      ids.push(row.id);
    }
    const seen: SearchHit[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=pagination&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await search(query);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page<SearchHit>;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen.map((h) => h.post.id))).toEqual(new Set(ids));
    expect(seen).toHaveLength(7);
    // The two with the word in their title first, newest of them first.
    expect(seen.slice(0, 2).map((h) => h.post.id)).toEqual([ids[1], ids[0]]);
  });

  it("answers from the cache until a write", async () => {
    await found("cachedword");
    const misses = t.ctx.cache.stats.misses;
    await found("cachedword");
    expect(t.ctx.cache.stats.misses).toBe(misses);
    const post = await write({ title: "Cached", content: "<p>cachedword</p>" });
    expect((await found("cachedword")).items.map((h) => h.post.id)).toEqual([post.id]);
  });
});

describe("GET /api/search › input", () => {
  it("answers no results, not an error, to no words, spaces, stop words only or operators alone", async () => {
    for (const query of [
      "",
      "q=",
      "q=%20%20%20",
      "q=the",
      "q=-",
      'q="',
      "q=or",
      "q=!!!%20%26%20%7C",
      "q=(:*",
    ]) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toEqual({ items: [], nextCursor: null });
    }
  });

  it("takes control characters and odd text as words, never a 500; U+0000 is refused like everywhere", async () => {
    for (const q of [
      "%01",
      "%F0%9F%98%80",
      "%ED%A0%80",
      "%E2%80%AE",
      "'%3B%20drop%20table",
      "a:*%20%26%20b",
    ]) {
      const res = await search(`q=${q}`);
      expect(res.statusCode, q).toBe(200);
    }
    for (const q of ["%00", "a%00b"]) {
      const res = await search(`q=${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
  });

  it(`refuses a query longer than ${SEARCH_QUERY_MAX_LENGTH} characters with a clear 400`, async () => {
    for (const q of ["x".repeat(10_000), "a ".repeat(SEARCH_QUERY_MAX_LENGTH), " ".repeat(10_000)]) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message: SEARCH_TOO_LONG_MESSAGE } });
    }
    expect((await search(`q=${"x".repeat(SEARCH_QUERY_MAX_LENGTH)}`)).statusCode).toBe(200);
  });

  it("refuses a repeated q, unknown fields, bad limits and cursors it did not make", async () => {
    const postsCursor = Buffer.from(`2026-01-01T00:00:00.000000Z|${crypto.randomUUID()}`).toString(
      "base64url",
    );
    const cases: Array<[string, string]> = [
      ["q=a&q=b", SEARCH_TEXT_MESSAGE],
      ["q[x]=a", "Unknown field: q[x]."],
      ["q=a&author=him", "Unknown field: author."],
      ["q=a&limit=0", "limit must be a whole number from 1 to 50."],
      ["q=a&limit=abc", "limit must be a whole number from 1 to 50."],
      ["q=a&limit=1&limit=2", "limit must be a whole number from 1 to 50."],
      ["q=a&cursor=%2F%2F", CURSOR_MESSAGE],
      [`q=a&cursor=${"A".repeat(500)}`, CURSOR_MESSAGE],
      [`q=a&cursor=${postsCursor}`, CURSOR_MESSAGE],
      [`q=a&cursor=${Buffer.from("rank|NaN|x").toString("base64url")}`, CURSOR_MESSAGE],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
  });
});
