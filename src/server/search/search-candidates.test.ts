import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeRankCursor } from "../pagination";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";
import { searchPosts } from "./search.repository";

// A word found in most posts ranks only the newest matches (SEARCH_CANDIDATES_MAX), best first
// among them, and pages through exactly those: bounded work however many posts match.
let t: TestApp;
const ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const day = 24 * 3600_000;
  const base = t.ctx.now().getTime() - 30 * day;
  // Oldest first: post 0 is about lanterns (title), the others mention one in passing.
  for (let i = 0; i < 8; i++) {
    const title = i === 0 || i === 6 ? "Lanterns" : `Evening ${i}`;
    const row = await createPost(t.ctx, {
      title,
      content: `<p>We walked home past a lantern and talked about day ${i} for a long while.</p>`,
      date: new Date(base + i * day),
    });
    ids.push(row.id);
  }
});
afterAll(() => t.close());

const search = () => searchPosts(t.ctx.db, { text: "lantern", limit: 2, cursor: null }, t.ctx.now());

describe("search › a word in most posts", () => {
  it("ranks every match while they are fewer than the bound: the post about it first", async () => {
    const page = await search();
    expect(
      page.items
        .slice(0, 2)
        .map((h) => h.post.id)
        .sort(),
    ).toEqual([ids[0], ids[6]].sort());
  });

  it("ranks only the newest matches past the bound, best of them first, and pages through exactly those", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await searchPosts(
        t.ctx.db,
        { text: "lantern", limit: 2, candidates: 4, cursor: cursor ? decodeRankCursor(cursor) : null },
        t.ctx.now(),
      );
      seen.push(...page.items.map((h) => h.post.id));
      cursor = page.nextCursor;
    } while (cursor);
    // The four newest (posts 4–7), the one titled 'Lanterns' (6) first; the older ones not ranked.
    expect(seen[0]).toBe(ids[6]);
    expect([...seen].sort()).toEqual([ids[4], ids[5], ids[6], ids[7]].sort());
  });
});
