import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHING_MESSAGES } from "../../common/schemas/post-status";
import type { BlogPost, BlogPostCard, Page } from "../../common/types";
import { blogPosts } from "../db/schema";
import { readSitemap } from "../test/sitemap";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// A draft or a post whose time has not come is invisible to everyone but its author,
// in every public read; at its time a scheduled post appears everywhere with no write or restart.

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

const body = (extra: Record<string, unknown> = {}) => ({
  title: "Secret plans",
  content: "<p>Not yet.</p>",
  author: "him",
  hashtags: ["plans"],
  ...extra,
});

async function create(extra: Record<string, unknown>, user = him): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: user.cookie,
    payload: body(extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (url: string, user?: TestUser) => t.request({ method: "GET", url, cookie: user?.cookie });

/** Every public read a post could leak through, as a visitor sees it. */
async function publicReadsMention(post: BlogPost): Promise<Record<string, boolean>> {
  const list = (await get("/api/posts")).json() as Page<BlogPostCard>;
  const byAuthor = (await get("/api/posts?author=him")).json() as Page<BlogPostCard>;
  const byTag = (await get(`/api/posts?tag=${post.hashtags[0]}`)).json() as Page<BlogPostCard>;
  return {
    list: list.items.some((p) => p.id === post.id),
    author: byAuthor.items.some((p) => p.id === post.id),
    tag: byTag.items.some((p) => p.id === post.id),
    byId: (await get(`/api/posts/${post.id}`)).statusCode === 200,
    page: (await get(`/post/${post.slug}`)).statusCode === 200,
    blogPage: (await get("/his-blog")).body.includes(post.id),
    tagPage: (await get(`/tags/${post.hashtags[0]}`)).body.includes(post.id),
    // Feeds and the sitemap link a post by its address (docs/decisions/0033-post-addresses.md).
    feed: (await get("/feed.xml")).body.includes(`/post/${post.slug}<`),
    authorFeed: (await get("/his-blog/feed.xml")).body.includes(`/post/${post.slug}<`),
    sitemap: (await readSitemap((url) => get(url))).includes(`/post/${post.slug}<`),
    sitemapTag: (await readSitemap((url) => get(url))).includes(`/tags/${post.hashtags[0]}`),
    comments: (await get(`/api/posts/${post.id}/comments`)).statusCode === 200,
    like: (await get(`/api/posts/${post.id}/like`)).statusCode === 200,
  };
}

const allFalse = (r: Record<string, boolean>) => Object.fromEntries(Object.keys(r).map((k) => [k, false]));
const allTrue = (r: Record<string, boolean>) => Object.fromEntries(Object.keys(r).map((k) => [k, true]));

describe("drafts", () => {
  it("are saved with status 'draft' and appear in no public read", async () => {
    const draft = await create({ status: "draft", hashtags: ["draftonly"] });
    expect(draft.status).toBe("draft");
    const seen = await publicReadsMention(draft);
    expect(seen).toEqual(allFalse(seen));
  });

  it("answer 404 to a visitor, a reader and the other author; the author reads it (preview)", async () => {
    const draft = await create({ status: "draft" });
    for (const user of [undefined, reader, her]) {
      const api = await get(`/api/posts/${draft.id}`, user);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ error: { code: "NOT_FOUND", message: "Post not found" } });
      expect((await get(`/post/${draft.slug}`, user)).statusCode).toBe(404);
      expect((await get(`/api/posts/${draft.id}/comments`, user)).statusCode).toBe(404);
      const like = await t.request({
        method: "POST",
        url: `/api/posts/${draft.id}/like`,
        cookie: user?.cookie,
      });
      expect(like.statusCode).toBe(user ? 404 : 401);
      const comment = await t.request({
        method: "POST",
        url: `/api/posts/${draft.id}/comments`,
        cookie: user?.cookie,
        payload: { content: "first!" },
      });
      expect(comment.statusCode).toBe(user ? 404 : 401);
    }
    const own = await get(`/api/posts/${draft.id}`, him);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect((own.json() as BlogPost).status).toBe("draft");
    const page = await get(`/post/${draft.slug}`, him);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Secret plans");
    expect((await get(`/api/posts/${draft.id}/comments`, him)).statusCode).toBe(200);
  });

  it("become public when published, dated at that moment, without a restart", async () => {
    const draft = await create({ status: "draft", hashtags: ["soonpublic"] });
    expect((await get(`/api/posts/${draft.id}`)).statusCode).toBe(404);
    const before = Date.now();
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${draft.id}`,
      cookie: him.cookie,
      payload: { status: "published" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json() as BlogPost;
    expect(post.status).toBe("published");
    expect(Date.parse(post.date)).toBeGreaterThanOrEqual(before - 5);
    const seen = await publicReadsMention(post);
    expect(seen).toEqual(allTrue(seen));
  });

  it("a published post taken back to draft disappears again", async () => {
    const post = await create({ hashtags: ["takenback"] });
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(200);
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { status: "draft" },
    });
    expect(res.statusCode).toBe(200);
    const seen = await publicReadsMention(post);
    expect(seen).toEqual(allFalse(seen));
  });

  it("only the post's author changes its status", async () => {
    const draft = await create({ status: "draft" });
    for (const [user, code] of [
      [undefined, 401],
      [reader, 403],
      [her, 403],
    ] as const) {
      const res = await t.request({
        method: "PATCH",
        url: `/api/posts/${draft.id}`,
        cookie: user?.cookie,
        payload: { status: "published" },
      });
      expect(res.statusCode).toBe(code);
    }
    expect((await get(`/api/posts/${draft.id}`)).statusCode).toBe(404);
  });
});

describe("scheduled posts", () => {
  it("appear everywhere at their time, with no write, request-triggered job or restart", async () => {
    const publishAt = new Date(Date.now() + 2_500).toISOString();
    const post = await create({ status: "scheduled", publishAt, hashtags: ["attime"] });
    expect(post.status).toBe("scheduled");
    expect(post.date).toBe(publishAt);
    // Read everything now, so every cache holds the "before" state.
    const before = await publicReadsMention(post);
    expect(before).toEqual(allFalse(before));
    expect((await get(`/api/posts/${post.id}`, him)).statusCode).toBe(200);
    expect(t.ctx.publishing.nextDue?.toISOString()).toBe(publishAt);
    // The feed's HTTP lifetime ends by the publish time.
    const maxAge = Number(
      /max-age=(\d+)/.exec(String((await get("/feed.xml")).headers["cache-control"]))?.[1],
    );
    expect(maxAge).toBeLessThanOrEqual(3);

    // Wait without touching the server, then look once.
    const version = t.ctx.cache.version;
    while (t.ctx.cache.version === version) await new Promise((r) => setTimeout(r, 100));
    const after = await publicReadsMention(post);
    expect(after).toEqual(allTrue(after));
    expect(((await get(`/api/posts/${post.id}`)).json() as BlogPost).status).toBe("published");
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.status).toBe("published");
    expect(row!.announcedAt).not.toBeNull();
  }, 20_000);

  it("can be rescheduled or published at once by the author", async () => {
    const post = await create({
      status: "scheduled",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { status: "scheduled", publishAt: later },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as BlogPost).date).toBe(later);
    const now = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { status: "published" },
    });
    expect((now.json() as BlogPost).status).toBe("published");
    expect((await get(`/api/posts/${post.id}`)).statusCode).toBe(200);
  });
});

describe("status and publishAt input", () => {
  const future = () => new Date(Date.now() + 3_600_000).toISOString();
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["an unknown status", { status: "live" }, "status must be 'draft', 'scheduled' or 'published'"],
    ["a status of the wrong type", { status: 1 }, "status must be 'draft', 'scheduled' or 'published'"],
    ["scheduled without a time", { status: "scheduled" }, PUBLISHING_MESSAGES.publishAtRequired],
    ["a time without scheduled", { publishAt: future() }, PUBLISHING_MESSAGES.publishAtOnlyScheduled],
    [
      "a draft with a time",
      { status: "draft", publishAt: future() },
      PUBLISHING_MESSAGES.publishAtOnlyScheduled,
    ],
    [
      "a time without a zone",
      { status: "scheduled", publishAt: "2030-01-01T10:00" },
      "publishAt must be a date and time with its zone (ISO 8601)",
    ],
    [
      "a huge time string",
      { status: "scheduled", publishAt: "2".repeat(100_000) },
      "publishAt must be a date and time with its zone (ISO 8601)",
    ],
    [
      "a time in the past",
      { status: "scheduled", publishAt: new Date(Date.now() - 60_000).toISOString() },
      PUBLISHING_MESSAGES.publishAtInPast,
    ],
    [
      "a time too far ahead",
      { status: "scheduled", publishAt: "2999-01-01T00:00:00Z" },
      PUBLISHING_MESSAGES.publishAtTooFar,
    ],
  ];

  for (const [name, extra, message] of cases) {
    it(`refuses ${name} with 400 on create and edit, storing nothing`, async () => {
      const before = (await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts)).length;
      const res = await t.request({
        method: "POST",
        url: "/api/posts",
        cookie: him.cookie,
        payload: body(extra),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
      expect((await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts)).length).toBe(before);

      const post = await create({ status: "draft" });
      const edit = await t.request({
        method: "PATCH",
        url: `/api/posts/${post.id}`,
        cookie: him.cookie,
        payload: extra,
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
      expect(((await get(`/api/posts/${post.id}`, him)).json() as BlogPost).status).toBe("draft");
    });
  }

  it("refuses autosave of the wrong type", async () => {
    const post = await create({ status: "draft" });
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { title: "x", autosave: "yes" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("autosave must be true or false");
  });
});
