import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import { comments, postLikes } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Security: "a comment posted there on the draft was accepted". Only a public post
// takes comments and likes; a draft or scheduled post answers as a missing post to every role,
// its own author previewing it included, and nothing is stored.

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

async function create(extra: Record<string, unknown>): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: { title: "Not out yet", content: "<p>Soon.</p>", author: "him", hashtags: [], ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const NOT_FOUND = { error: { code: "NOT_FOUND", message: "Post not found" } };

async function stored(postId: string) {
  const [c] = await t.ctx.db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  const [l] = await t.ctx.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return { comments: c!.n, likes: l!.n };
}

const comment = (id: string, user: TestUser | undefined, payload: object | string = { content: "first!" }) =>
  t.request({ method: "POST", url: `/api/posts/${id}/comments`, cookie: user?.cookie, payload });
const like = (id: string, user: TestUser | undefined) =>
  t.request({ method: "POST", url: `/api/posts/${id}/like`, cookie: user?.cookie });

describe("comments and likes on a post that is not public", () => {
  it.each([
    ["a draft", { status: "draft" }],
    [
      "a scheduled post",
      { status: "scheduled", publishAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    ],
  ])(
    "%s takes no comment and no like from anyone, its author included: 404 as a missing post",
    async (_n, extra) => {
      const post = await create(extra);
      for (const user of [reader, her, him]) {
        const c = await comment(post.id, user);
        expect(c.statusCode, `${user.email} comment`).toBe(404);
        expect(c.json()).toEqual(NOT_FOUND);
        const l = await like(post.id, user);
        expect(l.statusCode, `${user.email} like`).toBe(404);
        expect(l.json()).toEqual(NOT_FOUND);
      }
      // A visitor is asked to log in first, as on any post.
      expect((await comment(post.id, undefined)).statusCode).toBe(401);
      expect((await like(post.id, undefined)).statusCode).toBe(401);
      expect(await stored(post.id)).toEqual({ comments: 0, likes: 0 });
      // The author still previews it and its (empty) comments.
      expect(
        (await t.request({ method: "GET", url: `/api/posts/${post.id}/comments`, cookie: him.cookie }))
          .statusCode,
      ).toBe(200);
    },
  );

  it("malformed comments on a draft are refused with a clear 4xx, nothing stored", async () => {
    const post = await create({ status: "draft" });
    for (const payload of [
      { content: 5 },
      { content: "x".repeat(100_000) },
      { content: "ok", extra: 1 },
      "nope",
    ]) {
      const res = await comment(post.id, him, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    expect(await stored(post.id)).toEqual({ comments: 0, likes: 0 });
  });

  it("the same post, once published, takes a comment and a like from a reader and from its author", async () => {
    const post = await create({ status: "draft" });
    const res = await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { status: "published" },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const user of [reader, him]) {
      expect((await comment(post.id, user)).statusCode).toBe(201);
      expect((await like(post.id, user)).statusCode).toBe(200);
    }
    expect(await stored(post.id)).toEqual({ comments: 2, likes: 2 });
  });
});
