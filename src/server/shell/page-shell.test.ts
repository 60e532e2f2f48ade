import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorKey } from "../../common/limits";
import type { ShellData } from "../../common/types";
import { buildApp } from "../app";
import { blogPosts } from "../db/schema";
import { loadConfig } from "../env";
import { buildTestApp, openTestDatabase, type TestApp } from "../test/test-app";

let t: TestApp;

async function insertPost(opts: {
  author?: AuthorKey;
  title?: string;
  content?: string;
  hashtags?: string[];
  date?: Date;
}) {
  const [row] = await t.ctx.db
    .insert(blogPosts)
    .values({
      title: opts.title ?? "A post",
      content: opts.content ?? "<p>Body</p>",
      author: opts.author ?? "him",
      hashtags: opts.hashtags ?? [],
      date: opts.date ?? new Date("2024-03-01T09:00:00Z"),
      imageUrl: "/uploads/blog-images/1700000000000_cover.jpg",
    })
    .returning();
  t.ctx.cache.invalidate();
  return row!;
}

function dataOf(html: string): ShellData {
  const m = /<script type="application\/json" id="duet-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no inlined data");
  return JSON.parse(m[1]!) as ShellData;
}

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
  t.request({ method: "GET", url, headers, cookie });

let long: Awaited<ReturnType<typeof insertPost>>;
let herPost: Awaited<ReturnType<typeof insertPost>>;

beforeAll(async () => {
  t = await buildTestApp({ SITE_NAME: "Duet" });
  long = await insertPost({
    author: "him",
    title: "Autumn in Kyoto",
    content: `<h2>Leaves</h2><p>${"Red maples &amp; temples. ".repeat(20)}</p>`,
    hashtags: ["travel", "autumn"],
  });
  herPost = await insertPost({ author: "her", title: "Her garden", hashtags: ["garden", "travel"] });
});
afterAll(() => t.close());

describe("page shell › /post/{id}", () => {
  it("carries the post's title, description, canonical URL and Open Graph tags", async () => {
    const res = await get(`/post/${long.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toContain("<title>Autumn in Kyoto - Duet Blog</title>");
    const description = attr(html, /<meta name="description" content="([^"]*)">/)!;
    // A heading that ends without punctuation ends its sentence in the description.
    const text = `Leaves. ${"Red maples & temples. ".repeat(20)}`.slice(0, 160);
    expect(description.replace(/&#38;/g, "&")).toBe(text);
    expect(description).not.toContain(" & ");
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:3000/post/${long.slug}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:title" content="Autumn in Kyoto - Duet Blog">');
    expect(html).toContain(
      '<meta property="og:image" content="http://127.0.0.1:3000/uploads/blog-images/1700000000000_cover.jpg">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("inlines the post under its query key so the page paints without a request", async () => {
    const data = dataOf((await get(`/post/${long.slug}`)).body);
    expect(data.viewer).toBeNull();
    expect(data.siteName).toBe("Duet");
    // Which post the address names, the post, its reading time/author/neighbours
    // (reading-pages.test.ts) and its first page of comments.
    expect(data.queries).toHaveLength(4);
    expect(data.queries[0]).toEqual([["post-at", long.slug], { id: long.id, slug: long.slug }]);
    expect(data.queries[2]![0]).toEqual(["post", long.id, "reading"]);
    expect(data.queries[3]).toEqual([
      ["comments", long.id],
      { pages: [{ items: [], nextCursor: null }], pageParams: [null] },
    ]);
    const [key, post] = data.queries[1]!;
    expect(key).toEqual(["post", long.id]);
    expect(post).toMatchObject({
      id: long.id,
      title: "Autumn in Kyoto",
      author: "him",
      content: long.content,
    });
  });

  it("is never cached as is (no-cache) but revalidates with an ETag", async () => {
    const res = await get(`/post/${long.slug}`);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const again = await get(`/post/${long.slug}`, { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-post"]) {
    it(`an unknown id (${id}) › status 404 with the shell, so the page can say 'Post not found'`, async () => {
      const res = await get(`/post/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      // The post's query holds null: the page says 'Post not found' without asking again.
      expect(dataOf(res.body).queries).toEqual([[["post-at", id], null]]);
    });
  }

  it("shows a renamed post after the write invalidates the cache", async () => {
    const post = await insertPost({ title: "Before" });
    expect((await get(`/post/${post.slug}`)).body).toContain("<title>Before - Duet Blog</title>");
    await t.ctx.db.update(blogPosts).set({ title: "After" }).where(eq(blogPosts.id, post.id));
    t.ctx.cache.invalidate();
    expect((await get(`/post/${post.slug}`)).body).toContain("<title>After - Duet Blog</title>");
  });
});

describe("page shell › escaping", () => {
  it("a title with </script><script>alert(1)</script> cannot break out of the inlined JSON or the head", async () => {
    const evil = `</script><script>alert(1)</script><!-- "quoted" & 'single'`;
    const post = await insertPost({ title: evil, content: `<p>${"&lt;/script&gt;<b>x</b>".repeat(3)}</p>` });
    const html = (await get(`/post/${post.slug}`)).body;
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('<!-- "quoted"');
    // Exactly our data block and the JSON-LD (the fallback template has no script of its own).
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"\\u003c/script\\u003e',
    );
    expect(html).toContain(
      "<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- &#34;quoted&#34; &#38; &#39;single&#39; - Duet Blog</title>",
    );
    expect(html).toContain('<meta property="og:title" content="&#60;/script&#62;');
    const data = dataOf(html);
    expect((data.queries[1]![1] as { title: string }).title).toBe(evil);
  });
});

describe("page shell › lists", () => {
  it("/his-blog inlines his first page under the author query key", async () => {
    const res = await get("/his-blog");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>His Blog - Duet</title>");
    expect(res.body).toContain('href="/his-blog/feed.xml"');
    const [[key, data]] = dataOf(res.body).queries as [
      [unknown, { pages: Array<{ items: Array<{ id: string; author: string }> }>; pageParams: unknown[] }],
    ];
    expect(key).toEqual(["posts", "author", "him"]);
    expect(data.pageParams).toEqual([null]);
    expect(data.pages).toHaveLength(1);
    expect(data.pages[0]!.items.length).toBeGreaterThan(0);
    expect(data.pages[0]!.items.every((p) => p.author === "him")).toBe(true);
    expect(data.pages[0]!.items.map((p) => p.id)).toContain(long.id);
  });

  it("/her-blog inlines her first page, the same page the API gives", async () => {
    const res = await get("/her-blog");
    expect(res.body).toContain("<title>Her Blog - Duet</title>");
    const [[key, data]] = dataOf(res.body).queries as [[unknown, { pages: unknown[] }]];
    expect(key).toEqual(["posts", "author", "her"]);
    expect(data.pages[0]).toEqual((await get("/api/posts?author=her")).json());
  });

  it("/tags/{tag} inlines the tag's first page under the stored (lower-case) tag", async () => {
    const res = await get("/tags/Travel");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>#travel - Duet</title>");
    expect(res.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/tags/travel">');
    const [[key, data]] = dataOf(res.body).queries as [
      [unknown, { pages: Array<{ items: Array<{ id: string }> }> }],
    ];
    expect(key).toEqual(["posts", "tag", "travel"]);
    expect(data.pages[0]!.items.map((p) => p.id).sort()).toEqual([long.id, herPost.id].sort());
  });

  it("/tags/{tag} with no posts still answers 200 with an empty first page", async () => {
    const res = await get("/tags/nothing");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('content="No posts found with #nothing"');
    const [[, data]] = dataOf(res.body).queries as [[unknown, { pages: unknown[] }]];
    expect(data.pages[0]).toEqual({ items: [], nextCursor: null });
  });

  it("/tags/{tag} with a character no tag can hold › the shell without data, never a 500", async () => {
    const res = await get("/tags/a%00b");
    expect(res.statusCode).toBe(200);
    expect(dataOf(res.body).queries).toEqual([]);
  });

  it("/ is titled with the site name", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Duet</title>");
    expect(res.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/">');
  });
});

describe("page shell › the session", () => {
  it("inlines the signed-in viewer, never the session token, and never serves it to others", async () => {
    // Warm the anonymous cache first: a signed-in request must not get it, nor leave its viewer in it.
    expect(dataOf((await get("/his-blog")).body).viewer).toBeNull();
    const reader = await t.as("user");
    const res = await get("/his-blog", {}, reader.cookie);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    const data = dataOf(res.body);
    expect(data.viewer).toMatchObject({ email: reader.email, isAdmin: false, authorKey: null });
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(reader.cookie)![1]!);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(token.split(".")[0]!);
    expect(dataOf((await get("/his-blog")).body).viewer).toBeNull();
  });

  it("knows every studio view: its title, its chunk, never cached for others", async () => {
    const him = await t.as("him");
    for (const [path, title] of [
      ["/admin/posts", "Posts"],
      ["/admin/inbox", "Inbox"],
      ["/admin/audience", "Audience"],
      ["/admin/settings", "Settings"],
      ["/admin/export", "Export"],
    ]) {
      const res = await get(path!, {}, him.cookie);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(`<title>${title} - Duet</title>`);
      expect(dataOf(res.body).viewer).toMatchObject({ isAdmin: true });
      expect(res.headers["cache-control"]).toBe("private, no-cache");
    }
  });

  it("an author sees themselves as admin in the inlined viewer", async () => {
    const her = await t.as("her");
    const data = dataOf((await get(`/post/${herPost.slug}`, {}, her.cookie)).body);
    expect(data.viewer).toMatchObject({ email: "her@duet.local", isAdmin: true, authorKey: "her" });
  });
});

describe("built assets", () => {
  let clientDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>["app"];
  let close: () => Promise<void>;
  const js = `export const x = ${JSON.stringify("duet ".repeat(2000))};\n`;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "duet-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8"><!--app-head--><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div><!--app-data--></body></html>',
    );
    writeFileSync(path.join(clientDir, "assets", "index-AbC123.js"), js);
    const config = loadConfig(
      {
        DATA_DIR: clientDir,
        PUBLIC_URL: "http://127.0.0.1:3000",
        LOG_LEVEL: "silent",
        CLIENT_DIST_DIR: clientDir,
      },
      null,
    );
    const database = await openTestDatabase();
    const built = await buildApp({
      config,
      database,
      secret: "test-secret-test-secret-test-secret-000",
      serveClient: true,
    });
    app = built.app;
    close = async () => {
      await app.close();
      await database.close();
      rmSync(clientDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("a hashed asset is immutable and sent precompressed exactly once (brotli and gzip)", async () => {
    const br = await app.inject({
      method: "GET",
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(br.headers["content-security-policy"])).toContain("object-src 'none'");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await app.inject({
      method: "GET",
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it("the shell built from the real template keeps its script and is compressed once", async () => {
    const res = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["cache-control"]).toBe("no-cache");
    const html =
      res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload).toString() : res.body;
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>');
    expect(html).toContain('<script type="application/json" id="duet-data">');
  });

  it("an unknown asset › 404 JSON", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/nope.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "File not found" } });
  });
});
