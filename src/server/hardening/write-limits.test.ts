import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";
import { WRITE_LIMIT_MESSAGES, WRITE_LIMITS } from "../write-limits";

// One account cannot flood comments or like toggles (each write drops the public cache).

let clock = new Date("2026-03-01T10:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe("POST /api/posts/:id/comments › per-account limit", () => {
  it(`allows ${WRITE_LIMITS.comment.max} comments a minute, then 429 with a clear message; others and the next minute are unaffected`, async () => {
    const post = await createPost(t.ctx);
    const flooder = await t.signUp();
    const comment = (cookie: string, content = "hi") =>
      t.request({ method: "POST", url: `/api/posts/${post.id}/comments`, cookie, payload: { content } });
    for (let i = 0; i < WRITE_LIMITS.comment.max; i++) {
      expect((await comment(flooder.cookie, `c${i}`)).statusCode).toBe(201);
    }
    const refused = await comment(flooder.cookie, "one too many");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: WRITE_LIMIT_MESSAGES.comment,
    });
    const [row] = await t.ctx.db.select({ n: count() }).from(comments).where(eq(comments.postId, post.id));
    expect(row!.n).toBe(WRITE_LIMITS.comment.max);

    const other = await t.signUp();
    expect((await comment(other.cookie)).statusCode).toBe(201);
    later(WRITE_LIMITS.comment.windowMs + 1);
    expect((await comment(flooder.cookie, "a minute later")).statusCode).toBe(201);
  });

  it("refused input does not use up the allowance", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.signUp();
    for (let i = 0; i < WRITE_LIMITS.comment.max + 5; i++) {
      const res = await t.request({
        method: "POST",
        url: `/api/posts/${post.id}/comments`,
        cookie: reader.cookie,
        payload: { content: "   " },
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await t.request({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      cookie: reader.cookie,
      payload: { content: "real" },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe("POST /api/posts/:id/like › per-account limit", () => {
  it(`allows ${WRITE_LIMITS.like.max} toggles a minute, then 429 with the count unchanged`, async () => {
    const post = await createPost(t.ctx);
    const reader = await t.signUp();
    const toggle = () =>
      t.request({ method: "POST", url: `/api/posts/${post.id}/like`, cookie: reader.cookie, payload: {} });
    for (let i = 0; i < WRITE_LIMITS.like.max; i++) expect((await toggle()).statusCode).toBe(200);
    const refused = await toggle();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(WRITE_LIMIT_MESSAGES.like);
    // An even number of toggles: back to not liked, and the refused one changed nothing.
    const state = await t.request({
      method: "GET",
      url: `/api/posts/${post.id}/like`,
      cookie: reader.cookie,
    });
    expect(state.json()).toEqual({ liked: false, likes: 0 });
    later(WRITE_LIMITS.like.windowMs + 1);
    expect((await toggle()).json()).toEqual({ liked: true, likes: 1 });
  });
});
