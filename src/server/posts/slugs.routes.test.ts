import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLUG_MESSAGES } from "../../common/rules/slug";
import type { BlogPost } from "../../common/types";
import { applyRowRules } from "../archive/row-rules";
import { slugFromTitle } from "../content/slugs";
import { blogPosts } from "../db/schema";
import { readSitemap } from "../test/sitemap";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Post addresses (docs/decisions/0033-post-addresses.md): /post/{slug}, ids and old slugs → 301.

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: "https://blog.example.com" });
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

async function create(title: string, extra: Record<string, unknown> = {}, user = him): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: user.cookie,
    payload: { title, content: "<p>Text.</p>", author: user === him ? "him" : "her", ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const patch = (id: string, payload: Record<string, unknown>, user?: TestUser) =>
  t.request({ method: "PATCH", url: `/api/posts/${id}`, cookie: user?.cookie, payload });
const get = (url: string, user?: TestUser) => t.request({ method: "GET", url, cookie: user?.cookie });

describe("slugFromTitle", () => {
  it("is lower-case and hyphenated, transliterated where it can be, Unicode where not", () => {
    expect(slugFromTitle("A long walk on the ridge!")).toBe("a-long-walk-on-the-ridge");
    expect(slugFromTitle("Привет, мир")).toBe("privet-mir");
    expect(slugFromTitle("Straße in Köln")).toBe("strasse-in-koeln");
    expect(slugFromTitle("日本語のタイトル")).toBe("日本語のタイトル");
    expect(slugFromTitle("🎉")).toBe("post");
    expect(slugFromTitle("New")).toBe("new-post");
    expect([...slugFromTitle("word ".repeat(40))].length).toBeLessThanOrEqual(80);
  });
});

describe("a new post's slug", () => {
  it("comes from the title, unique: the second gets -2; a chosen one is kept", async () => {
    const a = await create("Sea days");
    const b = await create("Sea days", {}, her);
    expect([a.slug, b.slug]).toEqual(["sea-days", "sea-days-2"]);
    expect((await create("Whatever", { slug: "My Own Address" })).slug).toBe("my-own-address");
  });

  it("refuses a chosen slug that another post has with 409 and stores nothing", async () => {
    await create("Taken one", { slug: "taken-one" });
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: "Other", content: "<p>x</p>", author: "her", slug: "taken-one" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SLUG_MESSAGES.taken);
    const rows = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.title, "Other"));
    expect(rows).toHaveLength(0);
  });

  it("an archive's post without a slug (or with one our rules refuse) gets one from its title", () => {
    const rule = (row: Record<string, unknown>) =>
      (applyRowRules("blog_posts", row) as { values: Record<string, unknown> }).values.slug;
    expect(rule({ title: "Привет, мир" })).toBe("privet-mir");
    expect(rule({ title: "Kept", slug: "kept-address" })).toBe("kept-address");
    expect(rule({ title: "Bad One", slug: "Bad One/" })).toBe("bad-one");
  });

  it("a row written without a slug gets one (the insert trigger)", async () => {
    const [row] = await t.ctx.db
      .insert(blogPosts)
      .values({ title: "Written by SQL", content: "<p>x</p>", author: "him" })
      .returning();
    expect(row!.slug).toBe("written-by-sql");
  });
});

describe("PATCH /api/posts/:id › slug", () => {
  for (const [slug, message] of [
    ["", SLUG_MESSAGES.empty],
    ["a--b", SLUG_MESSAGES.characters],
    ["hello/world", SLUG_MESSAGES.characters],
    ["x".repeat(81), SLUG_MESSAGES.tooLong],
    ["x".repeat(100_000), SLUG_MESSAGES.tooLong],
    ["new", SLUG_MESSAGES.reserved],
    ["00000000-0000-4000-8000-000000000000", SLUG_MESSAGES.reserved],
  ] as const) {
    it(`refuses '${slug.slice(0, 40)}' with 400: ${message}`, async () => {
      const post = await create("Rules");
      const res = await patch(post.id, { slug }, him);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
      expect((await get(`/api/posts/${post.id}`)).json().slug).toBe(post.slug);
    });
  }

  it("refuses wrong types and unknown fields with 400", async () => {
    const post = await create("Types");
    expect((await patch(post.id, { slug: 42 }, him)).statusCode).toBe(400);
    expect((await patch(post.id, { slug: ["a"] }, him)).statusCode).toBe(400);
    expect((await patch(post.id, { slug: "ok", slugs: "x" }, him)).statusCode).toBe(400);
  });

  it("only the post's author may change it: visitor 401, reader 403, the other author 403", async () => {
    const post = await create("Mine");
    expect((await patch(post.id, { slug: "stolen" })).statusCode).toBe(401);
    expect((await patch(post.id, { slug: "stolen" }, reader)).statusCode).toBe(403);
    expect((await patch(post.id, { slug: "stolen" }, her)).statusCode).toBe(403);
    expect((await get(`/api/posts/${post.id}`)).json().slug).toBe("mine");
  });

  it("refuses another post's slug with 409", async () => {
    await create("First address");
    const post = await create("Second address");
    const res = await patch(post.id, { slug: "first-address" }, him);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SLUG_MESSAGES.taken);
  });

  it("a public post keeps its slug when its title changes; the author's new slug keeps the old one redirecting", async () => {
    const post = await create("Old name");
    await patch(post.id, { title: "New name" }, him);
    expect((await get(`/api/posts/${post.id}`)).json().slug).toBe("old-name");
    const res = await patch(post.id, { slug: "better-name" }, him);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slug).toBe("better-name");
    for (const old of [post.id, "old-name"]) {
      const page = await get(`/post/${old}`);
      expect(page.statusCode).toBe(301);
      expect(page.headers.location).toBe("/post/better-name");
    }
    expect((await get("/post/better-name")).statusCode).toBe(200);
    // Read by an old slug through the API: the answer names the current one.
    expect((await get("/api/posts/by-slug/old-name")).json()).toMatchObject({
      id: post.id,
      slug: "better-name",
    });
  });

  it("a draft's slug follows its title until it is published", async () => {
    const draft = await create("Untitled", { status: "draft" });
    const res = await patch(draft.id, { title: "Trip to Rome" }, him);
    expect(res.json().slug).toBe("trip-to-rome");
  });
});

describe("GET /post/{address}", () => {
  it("/post/{id} answers 301 to the slug address, keeping the query string", async () => {
    const post = await create("Redirect me");
    const res = await get(`/post/${post.id}?edit=1`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/post/redirect-me?edit=1");
  });

  it("the slug page names the slug address as canonical, in Open Graph and JSON-LD", async () => {
    const post = await create("Canonical check");
    const html = (await get(`/post/${post.slug}`)).body;
    const url = "https://blog.example.com/post/canonical-check";
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(`"url":"${url}"`);
    expect(html).not.toContain(`/post/${post.id}`);
  });

  it("a draft's id or slug is 404 for a visitor, a reader and the other author: no redirect leaks its slug", async () => {
    const draft = await create("Secret plans", { status: "draft" });
    for (const user of [undefined, reader, her]) {
      for (const address of [draft.id, draft.slug]) {
        const res = await get(`/post/${address}`, user);
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
      }
      expect((await get(`/api/posts/by-slug/${draft.slug}`, user)).statusCode).toBe(404);
    }
    expect((await get(`/post/${draft.id}`, him)).headers.location).toBe("/post/secret-plans");
    expect((await get(`/api/posts/by-slug/${draft.slug}`, him)).statusCode).toBe(200);
  });

  it("unknown and absurd addresses are 404, never 500", async () => {
    for (const address of ["nothing-here", "x".repeat(500), "%E2%9C%93", "a%00b"])
      expect((await get(`/post/${address}`)).statusCode).toBe(404);
    expect((await get(`/api/posts/by-slug/${"y".repeat(500)}`)).statusCode).toBe(404);
  });

  it("feeds and the sitemap link the slug address", async () => {
    const post = await create("Feed me");
    for (const url of ["/feed.xml", "/his-blog/feed.xml", "/sitemap.xml"]) {
      const body = url === "/sitemap.xml" ? await readSitemap((path) => get(path)) : (await get(url)).body;
      expect(body).toContain("https://blog.example.com/post/feed-me<");
      expect(body).not.toContain(post.id);
    }
  });
});
