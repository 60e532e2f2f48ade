import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";
import { insertComment } from "./comments.repository";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("POST /api/posts/:id/comments while the post is deleted", () => {
  it("answers 201 or 'Post not found' (404), never a 500, and leaves no comment behind", async () => {
    const him = await t.as("him");
    const reader = await t.signUp({ email: "racing.reader@example.com" });
    for (let i = 0; i < 12; i++) {
      const post = await createPost(t.ctx, { author: "him" });
      const [comment, deleted] = await Promise.all([
        t.request({
          method: "POST",
          url: `/api/posts/${post.id}/comments`,
          cookie: reader.cookie,
          payload: { content: "Just in time?" },
        }),
        t.request({ method: "DELETE", url: `/api/posts/${post.id}`, cookie: him.cookie }),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([201, 404], comment.body).toContain(comment.statusCode);
      if (comment.statusCode === 404) expect(comment.json().error.message).toBe("Post not found");
      const [left] = await t.ctx.db.select({ n: count() }).from(comments).where(eq(comments.postId, post.id));
      expect(left!.n).toBe(0);
    }
  });

  it("insertComment › returns null for a post that no longer exists, storing nothing", async () => {
    const reader = await t.signUp({ email: "late.reader@example.com" });
    const postId = "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4";
    const result = await insertComment(
      t.ctx.db,
      {
        postId,
        userId: reader.id,
        author: "late.reader",
        content: "Too late",
        timestamp: new Date(),
      },
      false,
    );
    expect(result).toBeNull();
    const [left] = await t.ctx.db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
    expect(left!.n).toBe(0);
  });
});
