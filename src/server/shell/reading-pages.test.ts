import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorKey, PostStatus } from "../../common/limits";
import type { BlogPostCard, Page, PostReading, ShellData } from "../../common/types";
import { blogPosts } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";

// The reader's pages carry what they show in the server's HTML: the home page's latest posts, the
// post page's reading time, author and neighbours, and the RSS links in the head. (API tests run
// without the built renderer; the browser tests check what is rendered.)

let t: TestApp;

async function insert(author: AuthorKey, title: string, date: string, status: PostStatus = "published") {
  const [row] = await t.ctx.db
    .insert(blogPosts)
    .values({ title, content: "<p>Some words to read.</p>", author, date: new Date(date), status })
    .returning();
  t.ctx.cache.invalidate();
  return row!;
}

function dataOf(html: string): ShellData {
  const m = /<script type="application\/json" id="duet-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no inlined data");
  return JSON.parse(m[1]!) as ShellData;
}
const inlined = (html: string, key: unknown[]) =>
  dataOf(html).queries.find(([k]) => JSON.stringify(k) === JSON.stringify(key))?.[1];
const rssLinks = (html: string) =>
  [
    ...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)">/g),
  ].map((m) => [m[1], m[2]]);
const get = async (url: string) => (await t.request({ method: "GET", url })).body;

let older: Awaited<ReturnType<typeof insert>>;
let newer: Awaited<ReturnType<typeof insert>>;

beforeAll(async () => {
  t = await buildTestApp({ SITE_NAME: "Duet", PUBLIC_URL: "https://blog.example.com" });
  for (let i = 1; i <= 4; i++) await insert("her", `Hers ${i}`, `2024-02-0${i}T10:00:00Z`);
  older = await insert("him", "His older", "2024-02-05T10:00:00Z");
  await insert("him", "His draft", "2024-02-06T10:00:00Z", "draft");
  newer = await insert("him", "His newer", "2024-02-07T10:00:00Z");
  await insert("her", "Her scheduled", "2999-02-07T10:00:00Z", "scheduled");
});
afterAll(() => t.close());

describe("home page", () => {
  it("inlines the 6 latest public posts of both blogs, newest first", async () => {
    const html = await get("/");
    const page = inlined(html, ["posts", "latest"]) as Page<BlogPostCard>;
    expect(page.items.map((p) => p.title)).toEqual([
      "His newer",
      "His older",
      "Hers 4",
      "Hers 3",
      "Hers 2",
      "Hers 1",
    ]);
    // Neither in the data nor anywhere else in the page (the rendering itself: e2e/reader-home).
    expect(html).not.toContain("His draft");
    expect(html).not.toContain("Her scheduled");
  });

  it("links the feed of both blogs and each blog's own in the head", async () => {
    expect(rssLinks(await get("/"))).toEqual([
      ["Duet Blog", "/feed.xml"],
      ["His Blog - Duet", "/his-blog/feed.xml"],
      ["Her Blog - Duet", "/her-blog/feed.xml"],
    ]);
    expect(rssLinks(await get("/her-blog"))).toEqual([["Her Blog - Duet", "/her-blog/feed.xml"]]);
    expect(rssLinks(await get("/his-blog"))).toEqual([["His Blog - Duet", "/his-blog/feed.xml"]]);
  });
});

describe("post page", () => {
  it("inlines the reading time, the author and the neighbours under the page's query key", async () => {
    const html = await get(`/post/${newer.slug}`);
    const reading = inlined(html, ["post", newer.id, "reading"]) as PostReading;
    expect(reading).toMatchObject({ postId: newer.id, readingMinutes: 1, next: null });
    expect(reading.previous).toEqual({
      id: older.id,
      slug: older.slug,
      title: "His older",
      date: older.date.toISOString(),
    });
  });

  it("names the author, with their blog's address, in the JSON-LD", async () => {
    const ld = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
        author: { name: string; url: string };
      };
    expect(ld(await get(`/post/${older.slug}`)).author).toEqual({
      "@type": "Person",
      // No public name set: 'Him', as on the byline (publicAuthorName).
      name: "Him",
      url: "https://blog.example.com/his-blog",
    });
    const him = await t.as("him");
    const put = await t.request({
      method: "PUT",
      url: "/api/authors/him",
      cookie: him.cookie,
      payload: { name: "Ben" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(ld(await get(`/post/${older.slug}`)).author.name).toBe("Ben");
  });
});
