import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorKey } from "../../common/limits";
import { authorProfiles, blogPosts } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";
import { xmlEscape } from "./feeds.routes";
import { sitemapIndex, sitemapPosts } from "./sitemap";

let t: TestApp;
// Each post's address: feeds and the sitemap link posts by slug (docs/decisions/0033-post-addresses.md).
const ids: Record<AuthorKey, string[]> = { him: [], her: [] };

async function insertPost(author: AuthorKey, i: number, extra: { title?: string; hashtags?: string[] } = {}) {
  const [row] = await t.ctx.db
    .insert(blogPosts)
    .values({
      title: extra.title ?? `${author} post ${i}`,
      content: `<p>Text of ${author} post ${i}</p>`,
      author,
      hashtags: extra.hashtags ?? ["daily"],
      date: new Date(Date.UTC(2024, 4, 1) + i * 3_600_000),
    })
    .returning();
  ids[author].push(row!.slug);
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: "GET", url, headers });
const items = (xml: string) => xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
const linksOf = (xml: string) => items(xml).map((item) => /<link>([^<]*)<\/link>/.exec(item)![1]!);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: "https://blog.example.com" });
  for (let i = 0; i < 12; i++) await insertPost("him", i * 2);
  for (let i = 0; i < 12; i++)
    await insertPost("her", i * 2 + 1, i === 11 ? { hashtags: ["café", "road-trip"] } : {});
  t.ctx.cache.invalidate();
});
afterAll(() => t.close());

describe("GET /feed.xml", () => {
  it("is RSS 2.0 with the newest 20 posts of both blogs, newest first, linked absolutely", async () => {
    const res = await get("/feed.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Duet Blog</title>");
    expect(xml).toContain(
      '<atom:link href="https://blog.example.com/feed.xml" rel="self" type="application/rss+xml"/>',
    );
    const links = linksOf(xml);
    expect(links).toHaveLength(20);
    // Interleaved by date: her 23, him 22, her 21, ...
    const newest = [
      ...ids.her.map((id, i) => [i * 2 + 1, id] as const),
      ...ids.him.map((id, i) => [i * 2, id] as const),
    ]
      .sort((a, b) => b[0] - a[0])
      .slice(0, 20)
      .map(([, id]) => `https://blog.example.com/post/${id}`);
    expect(links).toEqual(newest);
    const first = items(xml)[0]!;
    expect(first).toContain(`<guid isPermaLink="true">${newest[0]}</guid>`);
    expect(first).toContain("<pubDate>Wed, 01 May 2024 23:00:00 GMT</pubDate>");
    expect(first).toContain("<description>Text of her post 23...</description>");
    expect(first).toContain("<category>café</category><category>road-trip</category>");
    expect(first).toContain("<dc:creator>Her</dc:creator>");
  });

  it("?author=her, and /her-blog/feed.xml, carry only her posts", async () => {
    const res = await get("/feed.xml?author=her");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Her Blog - Duet</title>");
    const links = linksOf(res.body);
    expect(links).toHaveLength(12);
    expect(links.every((l) => ids.her.some((id) => l.endsWith(id)))).toBe(true);
    expect((await get("/her-blog/feed.xml")).body).toBe(res.body);
    const his = await get("/his-blog/feed.xml");
    expect(linksOf(his.body).every((l) => ids.him.some((id) => l.endsWith(id)))).toBe(true);
    expect(his.body).toContain('<atom:link href="https://blog.example.com/his-blog/feed.xml"');
  });

  for (const [query, message] of [
    ["author=them", "author must be 'him' or 'her'."],
    ["author=him&author=her", "author must be 'him' or 'her'."],
    ["format=atom", "Unknown field: format."],
  ] as const) {
    it(`?${query} › 400 "${message}"`, async () => {
      const res = await get(`/feed.xml?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    });
  }

  it("names the author as their profile does (the blog's name when they set none)", async () => {
    await t.ctx.db.insert(authorProfiles).values({ author: "her", name: "Clara <Moreau>" });
    t.ctx.cache.invalidate();
    const xml = (await get("/her-blog/feed.xml")).body;
    expect(items(xml)[0]).toContain("<dc:creator>Clara &lt;Moreau&gt;</dc:creator>");
    await t.ctx.db.delete(authorProfiles);
    t.ctx.cache.invalidate();
  });

  it("XML-escapes titles, and drops characters XML cannot carry", async () => {
    await insertPost("him", 100, { title: `Fish & "chips" <b>'now'</b>\u0001`, hashtags: ["a<b"] });
    t.ctx.cache.invalidate();
    const xml = (await get("/feed.xml")).body;
    expect(xml).toContain("<title>Fish &amp; &quot;chips&quot; &lt;b&gt;&apos;now&apos;&lt;/b&gt;</title>");
    expect(xml).toContain("<category>a&lt;b</category>");
    expect(xml).not.toContain("\u0001");
    expect(xmlEscape("\uD800x")).toBe("x");
  });

  it("sends an ETag and a short public cache; 304 when unchanged", async () => {
    const res = await get("/feed.xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect((await get("/feed.xml", { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
  });
});

describe("GET /sitemap.xml", () => {
  const locsOf = (xml: string, tag = "url") =>
    [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]*)</loc>`, "g"))].map((m) => m[1]!);

  it("is a sitemap index of a pages file and the posts' files, each dated", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(res.body, "sitemap")).toEqual([
      "https://blog.example.com/sitemaps/pages.xml",
      "https://blog.example.com/sitemaps/posts-1.xml",
    ]);
    expect(res.body.match(/<lastmod>2024-05-0\dT\d\d:00:00\.000Z<\/lastmod>/g)).toHaveLength(2);
  });

  it("the pages file lists home, both blogs and every tag page; the posts file every post, dated", async () => {
    const pagesFile = (await get("/sitemaps/pages.xml")).body;
    expect(locsOf(pagesFile).slice(0, 3)).toEqual([
      "https://blog.example.com/",
      "https://blog.example.com/his-blog",
      "https://blog.example.com/her-blog",
    ]);
    for (const tag of ["daily", "caf%C3%A9", "a%3Cb"])
      expect(locsOf(pagesFile)).toContain(`https://blog.example.com/tags/${tag}`);
    const posts = await get("/sitemaps/posts-1.xml");
    expect(posts.statusCode).toBe(200);
    const entries = posts.body.match(/<url>.*?<\/url>/g) ?? [];
    expect(entries.map((e) => locsOf(e)[0]).sort()).toEqual(
      [...ids.him, ...ids.her].map((slug) => `https://blog.example.com/post/${slug}`).sort(),
    );
    for (const e of entries) expect(e).toMatch(/<lastmod>2024-05-0\dT\d\d:00:00\.000Z<\/lastmod>/);
  });

  it("splits the posts into files of the given size, oldest first, none missing", async () => {
    const index = await sitemapIndex(t.ctx, 10);
    const files = locsOf(index, "sitemap").slice(1);
    expect(files.map((f) => new URL(f).pathname)).toEqual([
      "/sitemaps/posts-1.xml",
      "/sitemaps/posts-2.xml",
      "/sitemaps/posts-3.xml",
    ]);
    const all: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const urls = locsOf((await sitemapPosts(t.ctx, n, 10))!);
      expect(urls.length).toBeLessThanOrEqual(10);
      all.push(...urls);
    }
    expect(all).toHaveLength(ids.him.length + ids.her.length);
    expect(new Set(all).size).toBe(all.length);
    expect(all[0]).toBe(`https://blog.example.com/post/${ids.him[0]}`);
    expect(await sitemapPosts(t.ctx, 4, 10)).toBeNull();
  });

  it("answers 404 for a file past the last one or one it does not make", async () => {
    for (const path of [
      "/sitemaps/posts-2.xml",
      "/sitemaps/posts-0.xml",
      "/sitemaps/posts-1.xml.gz",
      "/sitemaps/x%00.xml",
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});

describe("GET /robots.txt", () => {
  it("allows all, keeps crawlers out of /admin and /profile, points at the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /profile\n\nSitemap: https://blog.example.com/sitemap.xml\n",
    );
  });
});
