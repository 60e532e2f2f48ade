import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostImage } from "../../common/types";
import { blogPosts, fediversePosts } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";

// What a follower's server receives for a post: the readers' HTML, typed attachments, and the
// name/summary/url Mastodon shows for an Article (title, excerpt, link; never a content warning).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const image = (id: string, alt: string | null, ext = "webp"): PostImage => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.${ext}`,
  position: "center",
  size: "large",
  pairedWith: null,
  alt,
  width: 800,
  height: 600,
});

describe("GET /ap/posts/{id} (the Article followers receive)", () => {
  it("carries images as <img> with absolute URLs and alt text, no raw markers, a mediaType on each attachment", async () => {
    const [post] = await t.ctx.db
      .insert(blogPosts)
      .values({
        title: "A weekend in Lisbon",
        excerpt: "",
        content:
          "<p>Before</p>[IMAGE:9e5cd203e22b4659]<p>Between [IMAGE:missing00000000] after</p>[IMAGE:abcdef0123456789]",
        author: "her",
        hashtags: [],
        images: [image("9e5cd203e22b4659", "The tram"), image("abcdef0123456789", null, "png")],
        date: new Date(Date.now() - 60_000),
      })
      .returning();
    await t.ctx.db.insert(fediversePosts).values({ postId: post!.id, author: "her" });
    const res = await t.request({
      method: "GET",
      url: `/ap/posts/${post!.id}`,
      headers: { accept: "application/activity+json" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const article = res.json() as {
      name: string;
      summary: string;
      url: string;
      content: string;
      attachment: { mediaType?: string; url: string; name: string }[];
    };
    expect(article.content).not.toContain("[IMAGE:");
    expect(article.content).toContain(
      'src="http://127.0.0.1:3000/uploads/blog-images/1700000000000_9e5cd203e22b4659.webp" alt="The tram"',
    );
    // An image without alt text of its own is described by the title.
    expect(article.content).toContain('alt="A weekend in Lisbon"');
    expect(article.attachment.map((a) => a.mediaType)).toEqual(["image/webp", "image/png"]);
    // Mastodon shows an Article as name + summary + url: plain text, no marker in the excerpt.
    expect(article.name).toBe("A weekend in Lisbon");
    expect(article.summary).toBe("Before Between after...");
    expect(article.url).toBe(`http://127.0.0.1:3000/post/${post!.id}`);
  });
});
