import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, Page, SearchHit, TextPart } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// GET /api/search: what is found (public posts by their words, highlighted as text parts) and
// what never is (drafts, scheduled posts). Ranking, pages and bad queries: search-query.routes.test.ts.

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
    // Nothing found in the text: the snippet is the excerpt.
    expect(hit!.snippet).toEqual([{ text: "A granite coastline" }]);
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
