// 'Wide' images, galleries and video embeds through the real API, stored as written;
// a forged embed or gallery keeps nothing the allowlist does not admit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
});
afterAll(() => t.close());

const image = (id: string, position = "center") => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.png`,
  position,
  size: "medium",
  pairedWith: null,
});
const tag = (id: string, position = "center") =>
  `<img class="post-image post-image--${position} post-image--medium" src="/uploads/blog-images/1700000000000_${id}.png" alt="" data-image-id="${id}" />`;

const CONTENT = [
  tag("w", "wide"),
  `<div class="image-gallery" data-gallery="a b c">${tag("a")}${tag("b")}${tag("c")}</div>`,
  '<div class="post-embed" data-embed="youtube:dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer">Our walk</a></div>',
].join("\n");

async function publish(content: string, images = [image("w", "wide"), image("a"), image("b"), image("c")]) {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: { title: "Canvas", content, author: "him", excerpt: "", hashtags: [], images },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BlogPost;
}

describe("POST /api/posts › canvas blocks", () => {
  it("stores a 'wide' image, a gallery and an embed exactly as the editor writes them", async () => {
    const post = await publish(CONTENT);
    expect(post.content).toBe(CONTENT);
    expect(post.images[0]?.position).toBe("wide");
    // The post page's policy names the two players' frame hosts (nothing is framed before a click).
    const page = await t.request({ method: "GET", url: `/post/${post.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<iframe/);
    expect(page.headers["content-security-policy"]).toMatch(
      /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com/,
    );
  });

  it("drops a forged embed's video, a gallery of two and a foreign frame", async () => {
    const post = await publish(
      '<div class="post-embed" data-embed="youtube:../../evil"><a href="https://evil.example/">x</a></div>' +
        '<div class="image-gallery" data-gallery="a b"></div><iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><p>ok</p>',
      [image("a"), image("b")],
    );
    expect(post.content).toBe(
      '<div class="post-embed"><a href="https://evil.example/" rel="noopener noreferrer">x</a></div><div class="image-gallery"></div><p>ok</p>',
    );
  });
});
