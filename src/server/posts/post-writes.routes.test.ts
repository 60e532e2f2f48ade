import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import { blogPosts, comments, postLikes } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

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

const image = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.png`,
  position: "center",
  size: "medium",
  pairedWith: null,
  ...extra,
});

const validPost = (extra: Record<string, unknown> = {}) => ({
  title: "A walk by the sea",
  content: "<p>We walked <strong>all day</strong>.</p>",
  author: "him",
  excerpt: "",
  hashtags: ["sea", "walks"],
  images: [],
  ...extra,
});

const postCount = async () => (await t.ctx.db.select({ n: count() }).from(blogPosts))[0]!.n;

async function create(user: TestUser, extra: Record<string, unknown> = {}): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: user.cookie,
    payload: validPost(extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("POST /api/posts", () => {
  it("refuses a visitor with 401", async () => {
    const res = await t.request({ method: "POST", url: "/api/posts", payload: validPost() });
    expect(res.statusCode).toBe(401);
  });

  it("refuses a signed-in reader with 403", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: reader.cookie,
      payload: validPost(),
    });
    expect(res.statusCode).toBe(403);
  });

  it("refuses an author publishing as the other author with 403", async () => {
    const before = await postCount();
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: validPost({ author: "him" }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("You can only publish posts as yourself.");
    expect(await postCount()).toBe(before);
  });

  it("publishes as the author, with date, no lastUpdated and likes 0, and drops the public cache", async () => {
    const version = t.ctx.cache.version;
    const post = await create(him, { hashtags: ["Sea", "sea", "road trip!", " "] });
    expect(post).toMatchObject({
      title: "A walk by the sea",
      content: "<p>We walked <strong>all day</strong>.</p>",
      author: "him",
      excerpt: "",
      hashtags: ["sea", "road trip"],
      likes: 0,
      lastUpdated: null,
      imageUrl: null,
      images: [],
    });
    expect(Date.parse(post.date)).not.toBeNaN();
    expect(t.ctx.cache.version).toBeGreaterThan(version);
  });

  it("stores images and makes the first the thumbnail when none is chosen (SPEC §4)", async () => {
    const post = await create(him, {
      images: [image("a", { pairedWith: "b" }), image("b", { pairedWith: "a" })],
    });
    expect(post.imageUrl).toBe("/uploads/blog-images/1700000000000_a.png");
    expect(post.images[1]).toEqual(image("b", { pairedWith: "a" }));
    const chosen = await create(him, { images: [image("a"), image("b")], imageUrl: image("b").url });
    expect(chosen.imageUrl).toBe(image("b").url);
  });

  it("stores each image's alt text, caption and size, and keeps the captioned figure in the content", async () => {
    const figure =
      '<figure class="post-figure post-image--right post-image--small"><img class="post-image post-image--right post-image--small" src="/uploads/blog-images/1_a.png" alt="" width="640" height="480" data-image-id="a" /><figcaption>At dusk</figcaption></figure>';
    const post = await create(him, {
      content: figure,
      images: [
        image("a", { alt: "", caption: "At dusk", width: 640, height: 480 }),
        image("b", { alt: "A boat" }),
      ],
    });
    expect(post.content).toBe(figure);
    expect(post.images[0]).toEqual(image("a", { alt: "", caption: "At dusk", width: 640, height: 480 }));
    expect(post.images[1]?.alt).toBe("A boat");
  });

  it("keeps exactly what the editor produces and removes script, event handlers and javascript: URLs", async () => {
    const editor =
      '<h2>Hi</h2><span style="font-family: Georgia">g</span><div class="image-pair" data-pair="a b"><img class="post-image post-image--left post-image--small" src="/uploads/blog-images/1_a.png" alt="" data-image-id="a" /><img class="post-image post-image--left post-image--small" src="/uploads/blog-images/1_b.png" alt="" data-image-id="b" /></div>';
    const post = await create(him, {
      content: `${editor}<script>alert(1)</script><p onclick="alert(1)">x</p><a href="javascript:alert(1)">y</a><img src="https://evil.example/x.png" onerror="alert(1)">`,
    });
    expect(post.content).toBe(`${editor}<p>x</p><a>y</a>`);
  });

  describe("bad input › a clear 400 and nothing stored", () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["a missing title", { title: undefined }, "Title is required"],
      ["a blank title", { title: "   " }, "Title is required"],
      ["a 1 MB title", { title: "x".repeat(1024 * 1024) }, "Title must be at most 200 characters"],
      ["a title that is not text", { title: 42 }, "Title must be text"],
      ["missing content", { content: undefined }, "Content is required"],
      ["content that is only a script", { content: "<script>alert(1)</script>" }, "Content is required"],
      ["an unknown author value", { author: "them" }, "Author must be 'him' or 'her'"],
      ["hashtags that are not a list", { hashtags: "a,b" }, "Hashtags must be a list of text"],
      ["images that are not a list", { images: {} }, "Images must be a list"],
      [
        "an image from another site",
        { images: [image("a", { url: "https://evil.example/a.png" })] },
        "Image urls must be uploads under /uploads/blog-images/",
      ],
      [
        "an image path escaping uploads",
        { images: [image("a", { url: "/uploads/blog-images/../../x" })] },
        "Image urls must be uploads under /uploads/blog-images/",
      ],
      [
        "an unknown image position",
        { images: [image("a", { position: "top" })] },
        "Image position must be left, center, right, wide or full",
      ],
      [
        "a thumbnail that is not one of the images",
        { images: [image("a")], imageUrl: "/uploads/blog-images/1_z.png" },
        "The thumbnail must be one of the post's images.",
      ],
      [
        "a one-sided pairing",
        { images: [image("a", { pairedWith: "b" }), image("b")] },
        "A paired image must be paired with another image of this post, both ways.",
      ],
      ["an unknown field", { likes: 1000 }, "Unknown field: likes."],
      ["a hashtag that is not text", { hashtags: [1] }, "Each hashtag must be text"],
      [
        "an alt text over the limit",
        { images: [image("a", { alt: "x".repeat(501) })] },
        "Image alt text must be at most 500 characters",
      ],
      ["a caption that is not text", { images: [image("a", { caption: 7 })] }, "Image captions must be text"],
      [
        "an image width that is not a whole number",
        { images: [image("a", { width: 1.5 })] },
        "Image width and height must be whole numbers of pixels",
      ],
      ["an unknown field in an image", { images: [image("a", { onload: "x" })] }, "Unknown field: onload."],
      ["content that is not text", { content: { html: "x" } }, "Content must be text"],
      [
        "content over the limit",
        { content: "x".repeat(200_001) },
        "Content must be at most 200,000 characters",
      ],
    ];
    it.each(cases)("%s", async (_name, extra, message) => {
      const before = await postCount();
      const res = await t.request({
        method: "POST",
        url: "/api/posts",
        cookie: him.cookie,
        payload: validPost(extra),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await postCount()).toBe(before);
    });

    it("a body that is a JSON list", async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/posts",
        cookie: him.cookie,
        payload: [validPost()],
      });
      expect(res.statusCode).toBe(400);
    });

    it("a body that is not JSON", async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/posts",
        cookie: him.cookie,
        headers: { "content-type": "text/plain" },
        payload: "title=x",
      });
      expect(res.statusCode).toBe(415);
    });
  });

  it("refuses a cross-site request with 403", async () => {
    const before = await postCount();
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: him.cookie,
      headers: { origin: "https://evil.example" },
      payload: validPost(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("CROSS_SITE");
    expect(await postCount()).toBe(before);
  });
});

describe("PATCH /api/posts/:id", () => {
  let post: BlogPost;
  beforeEach(async () => {
    post = await create(him, { images: [image("a"), image("b")] });
  });
  const patch = (user: TestUser | null, payload: unknown, id = post.id) =>
    t.request({
      method: "PATCH",
      url: `/api/posts/${id}`,
      cookie: user?.cookie ?? null,
      payload: payload as object,
    });

  it("refuses a visitor with 401, a reader and the other author with 403", async () => {
    expect((await patch(null, { title: "x" })).statusCode).toBe(401);
    expect((await patch(reader, { title: "x" })).statusCode).toBe(403);
    const other = await patch(her, { title: "x" });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe("Only the post's author can edit it.");
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.title).toBe("A walk by the sea");
  });

  it("lets the owner edit: fields change, lastUpdated is set, hashtags keep hyphens, cache dropped", async () => {
    const version = t.ctx.cache.version;
    const res = await patch(him, {
      title: "  New title ",
      content: '<p>New</p><p onmouseover="x()">text</p>',
      excerpt: "Short",
      hashtags: ["road-trip", "Sea!"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: BlogPost = res.json();
    expect(updated).toMatchObject({
      id: post.id,
      title: "New title",
      content: "<p>New</p><p>text</p>",
      excerpt: "Short",
      hashtags: ["road-trip", "sea"],
      author: "him",
      date: post.date,
    });
    expect(updated.lastUpdated).not.toBeNull();
    expect(t.ctx.cache.version).toBeGreaterThan(version);
  });

  it("a save that changes nothing (an autosave right after publishing) does not mark the post Updated", async () => {
    const same = {
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      hashtags: post.hashtags,
      images: post.images,
      imageUrl: post.imageUrl,
    };
    for (const payload of [{ ...same, autosave: true }, same, {}]) {
      const res = await patch(him, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lastUpdated).toBeNull();
    }
    const edited = await patch(him, { ...same, content: `${post.content}<p>more</p>`, autosave: true });
    expect(edited.json().lastUpdated).not.toBeNull();
  });

  it("writing a draft and the save that publishes it are not edits: no lastUpdated", async () => {
    const draft = await create(him, { status: "draft" });
    for (const payload of [
      { content: "<p>More words</p>", autosave: true },
      { content: "<p>Last words</p>", status: "published" },
    ]) {
      const res = await patch(him, payload, draft.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lastUpdated).toBeNull();
    }
    const edited = await patch(him, { content: "<p>Changed after publishing</p>" }, draft.id);
    expect(edited.json().lastUpdated).not.toBeNull();
  });

  it("removing the thumbnail's image picks the first remaining image", async () => {
    const res = await patch(him, { images: [image("b")] });
    expect(res.json().imageUrl).toBe(image("b").url);
    const none = await patch(him, { images: [] });
    expect(none.json().imageUrl).toBeNull();
  });

  it("keeps the author: an author field is refused as unknown", async () => {
    const res = await patch(him, { author: "her" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Unknown field: author.");
  });

  it("the new-post form's saves keep SPEC §5's create rule for hashtags, whether an autosave came first or not", async () => {
    const created = await patch(him, { hashtags: ["Sea Walk", "road-trip!"], newPost: true, autosave: true });
    expect(created.json().hashtags).toEqual(["sea walk", "roadtrip"]);
    const edited = await patch(him, { hashtags: ["Sea Walk", "road-trip!"] });
    expect(edited.json().hashtags).toEqual(["seawalk", "road-trip"]);
  });

  it("answers bad input with 400 and changes nothing", async () => {
    for (const [payload, message] of [
      [{ newPost: false }, "newPost must be true"],
      [{ title: "" }, "Title is required"],
      [{ content: "<script>x</script>" }, "Content is required"],
      [{ title: ["x"] }, "Title must be text"],
      [{ imageUrl: "/uploads/blog-images/1_zz.png" }, "The thumbnail must be one of the post's images."],
    ] as const) {
      const res = await patch(him, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.title).toBe("A walk by the sea");
    expect(row!.lastUpdated).toBeNull();
  });

  it("answers 404 'Post not found' for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "x".repeat(400)]) {
      const res = await patch(him, { title: "x" }, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Post not found");
    }
  });

  it("refuses a cross-site request with 403", async () => {
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      headers: { origin: "https://evil.example" },
      payload: { title: "pwned" },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.title).toBe("A walk by the sea");
  });
});

describe("DELETE /api/posts/:id", () => {
  let post: BlogPost;
  beforeEach(async () => {
    post = await create(her, { author: "her" });
  });
  const del = (user: TestUser | null, id = post.id, headers: Record<string, string> = {}) =>
    t.request({ method: "DELETE", url: `/api/posts/${id}`, cookie: user?.cookie ?? null, headers });
  const exists = async (id: string) =>
    (await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id))).length === 1;

  it("refuses a visitor with 401, a reader and the other author with 403", async () => {
    expect((await del(null)).statusCode).toBe(401);
    expect((await del(reader)).statusCode).toBe(403);
    expect((await del(him)).statusCode).toBe(403);
    expect(await exists(post.id)).toBe(true);
  });

  it("lets the owner delete the post with its likes and comments, and drops the cache", async () => {
    await t.ctx.db.insert(postLikes).values({ postId: post.id, userId: reader.id });
    await t.ctx.db
      .insert(comments)
      .values({ postId: post.id, userId: reader.id, author: "reader", content: "Nice" });
    const version = t.ctx.cache.version;
    const res = await del(her);
    expect(res.statusCode).toBe(204);
    expect(await exists(post.id)).toBe(false);
    expect(await t.ctx.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toEqual([]);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
    expect(t.ctx.cache.version).toBeGreaterThan(version);
    expect((await del(her)).statusCode).toBe(404);
  });

  it("answers 404 for a malformed id", async () => {
    expect((await del(her, "../etc")).statusCode).toBe(404);
  });

  it("refuses a cross-site request with 403", async () => {
    const res = await del(her, post.id, { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(await exists(post.id)).toBe(true);
  });
});

describe("SPEC §5 excerpt through edits", () => {
  const longText = (word: string) => `<p>${`${word} `.repeat(40)}</p>`;

  it("an empty excerpt stays empty when the post is loaded and saved, and the card follows the new content", async () => {
    const post = await create(him, { title: "Excerpt kept empty", content: longText("before") });
    const loaded: BlogPost = (await t.request({ method: "GET", url: `/api/posts/${post.id}` })).json();
    expect(loaded.excerpt).toBe("");

    // The editor sends back what it loaded, with the content changed.
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { title: loaded.title, content: longText("after"), excerpt: loaded.excerpt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().excerpt).toBe("");

    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.excerpt).toBe("");
    const cards = (await t.request({ method: "GET", url: "/api/posts?author=him&limit=50" })).json();
    const card = cards.items.find((c: { id: string }) => c.id === post.id);
    expect(card.excerpt).toMatch(/^after after /);
    expect(card.excerpt.endsWith("...")).toBe(true);
  });
});

describe("SPEC §5 hashtags on create", () => {
  it("keeps letters, digits and spaces, and the tag page lists the post", async () => {
    const post = await create(him, { hashtags: ["Travel", "Food!", "summer fun"] });
    expect(post.hashtags).toEqual(["travel", "food", "summer fun"]);
    const page = (await t.request({ method: "GET", url: "/api/posts?tag=summer%20fun" })).json();
    expect(page.items.map((p: { id: string }) => p.id)).toContain(post.id);
  });
});
