import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "../../common/limits";
import { CURSOR_MESSAGE } from "../../common/schemas/page-query";
import { SEARCH_TEXT_MESSAGE, SEARCH_TOO_LONG_MESSAGE } from "../../common/schemas/search";
import type { BlogPost, Page, SearchHit, TextPart } from "../../common/types";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// GET /api/search: public posts only, ranked, highlighted as text parts, paginated, and every bad
// query a clear 400.

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const search = (query: string, user?: TestUser) =>
  t.request({ method: "GET", url: `/api/search?${query}`, cookie: user?.cookie });

async function found(q: string, user?: TestUser): Promise<Page<SearchHit>> {
  const res = await search(`q=${encodeURIComponent(q)}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function write(payload: Record<string, unknown>, user = him): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: user.cookie,
    payload: { author: user === him ? "him" : "her", hashtags: [], ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function patch(id: string, payload: Record<string, unknown>, user = him): Promise<void> {
  const res = await t.request({ method: "PATCH", url: `/api/posts/${id}`, cookie: user.cookie, payload });
  expect(res.statusCode, res.body).toBe(200);
}

const words = (parts: TextPart[]) => parts.map((p) => p.text).join("");
const marked = (parts: TextPart[]) => parts.filter((p) => p.match).map((p) => p.text.toLowerCase());

describe("GET /api/search › what is found", () => {
  it("finds a published post by a word of its body, with that word marked in a plain-text snippet", async () => {
    const post = await write({
      title: "A week by the sea",
      content: "<p>We walked along the <strong>quayside</strong> every morning.</p><p>Then coffee.</p>",
    });
    const page = await found("quayside");
    expect(page.items.map((h) => h.post.id)).toEqual([post.id]);
    const hit = page.items[0]!;
    expect(hit.post).toMatchObject({ title: "A week by the sea", author: "him", date: post.date });
    expect(marked(hit.snippet)).toEqual(["quayside"]);
    expect(words(hit.snippet)).toContain("walked along the quayside every morning");
    expect(words(hit.snippet)).not.toMatch(/[<>]/);
    expect(hit.title).toEqual([{ text: "A week by the sea" }]);
    expect(page.nextCursor).toBeNull();
  });

  it("cuts a long post's snippet to the passages around the found words", async () => {
    const filler = "<p>Nothing much happened on this ordinary day of the long summer.</p>".repeat(40);
    await write({
      title: "Long",
      content: `<p>Opening line.</p>${filler}<p>Then a kingfisher flew past.</p>${filler}`,
    });
    const [hit] = (await found("kingfisher")).items;
    const text = words(hit!.snippet);
    expect(marked(hit!.snippet)).toEqual(["kingfisher"]);
    expect(text).not.toContain("Opening line");
    expect(text.split(" ").length).toBeLessThanOrEqual(45);
  });

  it("finds words of the title, the hashtags and the excerpt too, and marks them in the title", async () => {
    const post = await write({
      title: "Lighthouses of Brittany",
      content: "<p>Stone and wind.</p>",
      excerpt: "A granite coastline",
      hashtags: ["seafaring"],
    });
    for (const q of ["lighthouses", "seafaring", "granite"])
      expect(
        (await found(q)).items.map((h) => h.post.id),
        q,
      ).toEqual([post.id]);
    const [hit] = (await found("brittany")).items;
    expect(hit!.title).toEqual([{ text: "Lighthouses of " }, { text: "Brittany", match: true }]);
  });

  it("stems English words: 'travels' finds 'travelling', and a post's words match whatever case", async () => {
    const post = await write({ title: "Notes", content: "<p>Travelling slowly through VALLEYS.</p>" });
    expect((await found("travels")).items.map((h) => h.post.id)).toEqual([post.id]);
    expect((await found("valley")).items.map((h) => h.post.id)).toEqual([post.id]);
  });

  it("indexes words, not markup: tag names, attributes and entities are not found; text is decoded", async () => {
    const post = await write({
      title: "Markup",
      content:
        '<p>Fish &amp; chips at <a href="https://example.com/harbourmaster">the harbour</a>, 2 &lt; 3 <em>beside</em> marmalade.</p>',
    });
    for (const q of ["strong", "href", "harbourmaster", "amp", "lt"])
      expect(
        (await found(q)).items.map((h) => h.post.id),
        q,
      ).not.toContain(post.id);
    const [hit] = (await found("marmalade")).items;
    expect(hit!.post.id).toBe(post.id);
    expect(words(hit!.snippet)).toContain("at the harbour, 2 < 3 beside marmalade");
  });

  it("keeps stored text as text: a snippet can never carry markup or forge a mark", async () => {
    const post = await write({
      title: "<b>Not bold</b> ravioli",
      content: "<p>&lt;img src=x onerror=alert(1)&gt; ravioli &lt;mark&gt;fake&lt;/mark&gt; hsabc heabc</p>",
    });
    const [hit] = (await found("ravioli")).items;
    expect(hit!.post.id).toBe(post.id);
    expect(words(hit!.snippet)).toContain("alert(1)> ravioli <mark>fake</mark> hsabc heabc");
    expect(marked(hit!.snippet)).toEqual(["ravioli"]);
    expect(marked(hit!.title)).toEqual(["ravioli"]);
    expect(words(hit!.title)).toBe("<b>Not bold</b> ravioli");
  });

  it("sees an edit at once: the old word no longer finds the post, the new one does", async () => {
    const post = await write({ title: "Garden", content: "<p>Tulips in April.</p>" });
    expect((await found("tulips")).items).toHaveLength(1);
    await patch(post.id, { content: "<p>Dahlias in August.</p>" });
    expect((await found("tulips")).items).toHaveLength(0);
    expect((await found("dahlias")).items.map((h) => h.post.id)).toEqual([post.id]);
  });

  it("supports web search syntax: a quoted phrase, -word and or", async () => {
    const a = await write({ title: "Bread", content: "<p>Sourdough rye loaves.</p>" });
    const b = await write({ title: "Cake", content: "<p>Rye sourdough cake.</p>" });
    expect((await found('"sourdough rye"')).items.map((h) => h.post.id)).toEqual([a.id]);
    expect((await found("sourdough -cake")).items.map((h) => h.post.id)).toEqual([a.id]);
    expect(new Set((await found("loaves or cake")).items.map((h) => h.post.id))).toEqual(
      new Set([a.id, b.id]),
    );
  });
});

describe("GET /api/search › drafts and scheduled posts are never found", () => {
  it("by a visitor, a reader, the other author or their own author, and are found once published", async () => {
    const published = await write({ title: "Published", content: "<p>Quokka sighting.</p>" });
    const draft = await write({
      title: "Draft about quokka",
      content: "<p>Quokka secret draftwords.</p>",
      status: "draft",
    });
    const scheduled = await write({
      title: "Scheduled quokka",
      content: "<p>Quokka future scheduledwords.</p>",
      status: "scheduled",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const herDraft = await write(
      { title: "Her quokka", content: "<p>Quokka herdraftwords.</p>", status: "draft" },
      her,
    );
    for (const user of [undefined, reader, him, her]) {
      const res = await search("q=quokka", user);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Page<SearchHit>).items.map((h) => h.post.id)).toEqual([published.id]);
      // Not even a snippet, a title or an id of them leaves the server.
      for (const hidden of [draft, scheduled, herDraft]) expect(res.body).not.toContain(hidden.id);
      expect(res.body).not.toMatch(/secret|future|draftwords|scheduledwords|Draft about|Scheduled quokka/);
      for (const q of ["draftwords", "scheduledwords", "herdraftwords"])
        expect((await found(q, user)).items, q).toEqual([]);
    }
    await patch(draft.id, { status: "published" });
    expect((await found("draftwords")).items.map((h) => h.post.id)).toEqual([draft.id]);
    await patch(draft.id, { status: "draft" });
    expect((await found("draftwords")).items).toEqual([]);
  });
});

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
