import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import { readSitemap } from "../test/sitemap";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Posts under the authors' control: unpublish (back to draft, gone from every public
// place at once), re-date a published post (lists reorder), and the Posts page's filters.

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

async function create(title: string, extra: Record<string, unknown> = {}): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: { title, content: `<p>${title}</p>`, author: "him", ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BlogPost;
}
const patch = (id: string, user: TestUser | undefined, payload: unknown) =>
  t.request({ method: "PATCH", url: `/api/posts/${id}`, cookie: user?.cookie, payload: payload as object });
const publicTitles = async (url = "/api/posts?author=him") =>
  ((await t.request({ method: "GET", url })).json() as Page<BlogPostCard>).items.map((p) => p.title);
const own = async (query: string) => {
  const res = await t.request({ method: "GET", url: `/api/me/posts${query}`, cookie: him.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page<BlogPostCard>).items.map((p) => p.title);
};

describe("Unpublish: PATCH /api/posts/:id { status: 'draft' }", () => {
  it("takes a published post out of lists, its page, tags, the feed and search at once", async () => {
    const post = await create("Going away soon", { hashtags: ["ridge"] });
    // Warm every public cache first.
    expect(await publicTitles()).toContain("Going away soon");
    expect(await publicTitles("/api/posts?tag=ridge")).toContain("Going away soon");
    expect((await t.request({ method: "GET", url: `/api/posts/${post.id}` })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/feed.xml" })).body).toContain("Going away soon");

    const res = await patch(post.id, him, { status: "draft" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BlogPost).status).toBe("draft");

    expect(await publicTitles()).not.toContain("Going away soon");
    expect(await publicTitles("/api/posts?tag=ridge")).not.toContain("Going away soon");
    expect((await t.request({ method: "GET", url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/post/${post.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/feed.xml" })).body).not.toContain("Going away soon");
    expect(await readSitemap((url) => t.request({ method: "GET", url }))).not.toContain(post.slug);
    // The author still has it, as a draft.
    expect(await own("?status=draft")).toContain("Going away soon");
  });

  it("role matrix: visitor 401, reader and the other author 403, nothing changed", async () => {
    const post = await create("Stays up");
    expect((await patch(post.id, undefined, { status: "draft" })).statusCode).toBe(401);
    expect((await patch(post.id, reader, { status: "draft" })).statusCode).toBe(403);
    expect((await patch(post.id, her, { status: "draft" })).statusCode).toBe(403);
    expect(await publicTitles()).toContain("Stays up");
  });
});

describe("Re-date: PATCH /api/posts/:id { status: 'published', publishedAt }", () => {
  it("moves a published post in the lists; lastUpdated stays unset", async () => {
    const older = await create("Re-dated older");
    await create("Re-dated newer");
    const before = await publicTitles();
    expect(before.indexOf("Re-dated newer")).toBeLessThan(before.indexOf("Re-dated older"));
    const when = new Date(Date.now() + 1000).toISOString();
    // A moment ahead of the server's clock is the future: refused.
    const future = await patch(older.id, him, { status: "published", publishedAt: when });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(
      "A published post's date cannot be in the future: schedule it instead.",
    );
    const res = await patch(older.id, him, { status: "published", publishedAt: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BlogPost).lastUpdated).toBeNull();
    const after = await publicTitles();
    expect(after.indexOf("Re-dated older")).toBeLessThan(after.indexOf("Re-dated newer"));
    // Back in time: it sinks below.
    await patch(older.id, him, { status: "published", publishedAt: "2020-01-02T03:04:05.000Z" });
    const sunk = await publicTitles();
    expect(sunk.indexOf("Re-dated older")).toBeGreaterThan(sunk.indexOf("Re-dated newer"));
  });

  it("refuses malformed and misplaced dates with 400 and changes nothing; other roles cannot", async () => {
    const post = await create("Date kept");
    const date = post.date;
    for (const [payload, message] of [
      [
        { status: "published", publishedAt: "yesterday" },
        "publishedAt must be a date and time with its zone (ISO 8601)",
      ],
      [
        { status: "published", publishedAt: 12 },
        "publishedAt must be a date and time with its zone (ISO 8601)",
      ],
      [{ status: "draft", publishedAt: "2020-01-01T00:00:00Z" }, "publishedAt is only for a published post."],
      [{ publishedAt: "2020-01-01T00:00:00Z" }, "publishedAt is only for a published post."],
      [
        { status: "published", publishedAt: "1960-01-01T00:00:00Z" },
        "The publish date must be in 1970 or later.",
      ],
      [
        { status: "published", publishedAt: "x".repeat(100_000) },
        "publishedAt must be a date and time with its zone (ISO 8601)",
      ],
      [{ status: "published", when: "2020-01-01T00:00:00Z" }, "Unknown field: when."],
    ] as const) {
      const res = await patch(post.id, him, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const body = { status: "published", publishedAt: "2020-01-01T00:00:00Z" };
    expect((await patch(post.id, undefined, body)).statusCode).toBe(401);
    expect((await patch(post.id, reader, body)).statusCode).toBe(403);
    expect((await patch(post.id, her, body)).statusCode).toBe(403);
    const now = (await t.request({ method: "GET", url: `/api/posts/${post.id}` })).json() as BlogPost;
    expect(now.date).toBe(date);
  });
});

describe("GET /api/me/posts filters", () => {
  it("filters by status and by words of the title, newest first", async () => {
    await create("Filter draft one", { status: "draft" });
    await create("Filter later 100%", {
      status: "scheduled",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await create("Filter live");
    expect(await own("?q=filter")).toEqual(["Filter later 100%", "Filter live", "Filter draft one"]);
    expect(await own("?q=FILTER&status=draft")).toEqual(["Filter draft one"]);
    expect(await own("?q=filter&status=scheduled")).toEqual(["Filter later 100%"]);
    expect(await own("?q=filter&status=published")).toEqual(["Filter live"]);
    expect(await own("?q=filter&status=all")).toHaveLength(3);
    // % and _ are matched as themselves.
    expect(await own(`?q=${encodeURIComponent("100%")}`)).toEqual(["Filter later 100%"]);
    expect(await own(`?q=${encodeURIComponent("%")}`)).toEqual(["Filter later 100%"]);
    expect(await own("?q=_")).toEqual([]);
    // Pages keep the filter.
    const first = await t.request({
      method: "GET",
      url: "/api/me/posts?q=filter&limit=2",
      cookie: him.cookie,
    });
    const cursor = (first.json() as Page<BlogPostCard>).nextCursor;
    expect(await own(`?q=filter&limit=2&cursor=${cursor}`)).toEqual(["Filter draft one"]);
  });

  it("refuses an unknown status, a huge q and wrong types with 400", async () => {
    for (const [query, message] of [
      ["?status=deleted", "status must be 'all', 'draft', 'scheduled' or 'published'."],
      [`?q=${"a".repeat(201)}`, "q must be at most 200 characters."],
      ["?q=a&q=b", "q must be text."],
      ["?sort=title", "Unknown field: sort."],
    ]) {
      const res = await t.request({ method: "GET", url: `/api/me/posts${query}`, cookie: him.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.request({ method: "GET", url: "/api/me/posts?status=draft" })).statusCode).toBe(401);
    const readerRes = await t.request({
      method: "GET",
      url: "/api/me/posts?status=draft",
      cookie: reader.cookie,
    });
    expect(readerRes.statusCode).toBe(403);
    // The other author sees only her own.
    const hers = await t.request({ method: "GET", url: "/api/me/posts?q=filter", cookie: her.cookie });
    expect((hers.json() as Page<BlogPostCard>).items).toEqual([]);
  });
});
