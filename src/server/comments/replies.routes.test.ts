import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../common/engagement";
import { createPost, postComment } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let clock = new Date("2025-02-01T10:00:00.000Z").getTime();
const tick = () => {
  clock += 1000;
  return new Date(clock);
};

let t: TestApp;
let reader: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp({}, { now: tick });
  reader = await t.signUp({ email: "ann@example.com" });
  other = await t.signUp({ email: "bob@example.com" });
});
afterAll(() => t.close());

const listUrl = (postId: string) => `/api/posts/${postId}/comments`;

async function write(postId: string, who: TestUser | null, payload: unknown) {
  return t.request({ method: "POST", url: listUrl(postId), cookie: who?.cookie, payload: payload as object });
}

const comment = (postId: string, who: TestUser, content: string, replyTo?: string) =>
  postComment(t, postId, who, content, replyTo);

async function threads(postId: string, who: TestUser | null = null, query = "") {
  const res = await t.request({ method: "GET", url: `${listUrl(postId)}${query}`, cookie: who?.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Comment[]; nextCursor: string | null };
}

describe("replies", () => {
  it("show under their comment oldest first; a reply to a reply goes under the same comment and names whom it answers", async () => {
    const post = await createPost(t.ctx);
    const first = await comment(post.id, reader, "first");
    const r1 = await comment(post.id, other, "reply one", first.id);
    const r2 = await comment(post.id, reader, "reply two", r1.id);
    const second = await comment(post.id, other, "second");
    expect(r1).toMatchObject({ parentId: first.id, replyTo: null });
    expect(r2).toMatchObject({ parentId: first.id, replyTo: { id: r1.id, author: "bob" } });
    const page = await threads(post.id);
    // Top-level comments stay newest first; replies are not top-level items.
    expect(page.items.map((c) => c.content)).toEqual(["second", "first"]);
    expect(page.items[0]!.replies).toEqual([]);
    expect(page.items[1]!.replies!.map((c) => [c.content, c.replyTo?.author ?? null])).toEqual([
      ["reply one", null],
      ["reply two", "bob"],
    ]);
    expect(second.parentId).toBeNull();
  });

  it("keeps top-level pagination: replies do not count towards a page", async () => {
    const post = await createPost(t.ctx);
    const a = await comment(post.id, reader, "a");
    for (let i = 0; i < 3; i++) await comment(post.id, other, `re ${i}`, a.id);
    await comment(post.id, reader, "b");
    await comment(post.id, reader, "c");
    const one = await threads(post.id, null, "?limit=2");
    expect(one.items.map((c) => c.content)).toEqual(["c", "b"]);
    const two = await threads(post.id, null, `?limit=2&cursor=${one.nextCursor}`);
    expect(two.items.map((c) => c.content)).toEqual(["a"]);
    expect(two.items[0]!.replies).toHaveLength(3);
    expect(two.nextCursor).toBeNull();
  });

  it("lets visitors read but not reply (401), and readers and both authors reply", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const top = await comment(post.id, reader, "top");
    const res = await write(post.id, null, { content: "anon", replyTo: top.id });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Please log in to post a comment");
    for (const who of [other, reader, await t.as("him"), await t.as("her")]) {
      expect((await write(post.id, who, { content: "hi", replyTo: top.id })).statusCode).toBe(201);
    }
    expect((await threads(post.id)).items[0]!.replies).toHaveLength(4);
  });

  it("refuses a bad replyTo: wrong type 400, unknown, malformed, on another post or deleted 404; nothing stored", async () => {
    const post = await createPost(t.ctx);
    const elsewhere = await createPost(t.ctx);
    const foreign = await comment(elsewhere.id, reader, "elsewhere");
    const gone = await comment(post.id, reader, "gone");
    await t.request({ method: "DELETE", url: `/api/comments/${gone.id}`, cookie: reader.cookie });
    const cases: Array<[unknown, number, string]> = [
      [{ content: "x", replyTo: 12 }, 400, "replyTo must be a comment id."],
      [{ content: "x", replyTo: "r".repeat(5000) }, 400, "replyTo must be a comment id."],
      [{ content: "x", replyTo: "not-a-uuid" }, 404, "Comment not found"],
      [{ content: "x", replyTo: "0b7e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4" }, 404, "Comment not found"],
      [{ content: "x", replyTo: foreign.id }, 404, "Comment not found"],
      [{ content: "x", replyTo: gone.id }, 404, "Comment not found"],
      [{ content: "   ", replyTo: foreign.id }, 400, "Comment cannot be empty"],
      [{ content: "x", replyTo: foreign.id, parentId: foreign.id }, 400, "Unknown field: parentId."],
    ];
    for (const [payload, status, message] of cases) {
      const res = await write(post.id, other, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect((await threads(post.id)).items).toEqual([]);
  });

  it("edit and delete of a reply follow SPEC §6: its writer and the post's author; others 403", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const top = await comment(post.id, reader, "top");
    const reply = await comment(post.id, other, "reply", top.id);
    const edit = (who: TestUser) =>
      t.request({
        method: "PATCH",
        url: `/api/comments/${reply.id}`,
        cookie: who.cookie,
        payload: { content: "e" },
      });
    expect((await edit(reader)).statusCode).toBe(403);
    expect((await edit(await t.as("her"))).statusCode).toBe(403);
    expect((await edit(other)).statusCode).toBe(200);
    expect((await edit(await t.as("him"))).statusCode).toBe(200);
    const del = (who: TestUser) =>
      t.request({ method: "DELETE", url: `/api/comments/${reply.id}`, cookie: who.cookie });
    expect((await del(reader)).statusCode).toBe(403);
    expect((await del(await t.as("him"))).statusCode).toBe(204);
  });
});

describe("deleting a comment that has replies", () => {
  it("keeps the replies under '[deleted]', which cannot be edited or deleted again, and goes with its last reply", async () => {
    const post = await createPost(t.ctx);
    const top = await comment(post.id, reader, "secret text");
    const reply = await comment(post.id, other, "answer", top.id);
    expect(
      (await t.request({ method: "DELETE", url: `/api/comments/${top.id}`, cookie: reader.cookie }))
        .statusCode,
    ).toBe(204);
    let page = await threads(post.id);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: top.id,
      deleted: true,
      content: "[deleted]",
      author: "[deleted]",
      userId: "",
    });
    expect(JSON.stringify(page)).not.toContain("secret text");
    expect(page.items[0]!.replies!.map((r) => r.content)).toEqual(["answer"]);
    const again = await t.request({
      method: "DELETE",
      url: `/api/comments/${top.id}`,
      cookie: reader.cookie,
    });
    expect(again.statusCode).toBe(404);
    const edit = await t.request({
      method: "PATCH",
      url: `/api/comments/${top.id}`,
      cookie: reader.cookie,
      payload: { content: "back" },
    });
    expect(edit.statusCode).toBe(404);
    expect((await write(post.id, other, { content: "x", replyTo: top.id })).statusCode).toBe(404);
    await t.request({ method: "DELETE", url: `/api/comments/${reply.id}`, cookie: other.cookie });
    page = await threads(post.id);
    expect(page.items).toEqual([]);
  });

  it("deletes a comment without replies for good", async () => {
    const post = await createPost(t.ctx);
    const top = await comment(post.id, reader, "alone");
    await t.request({ method: "DELETE", url: `/api/comments/${top.id}`, cookie: reader.cookie });
    expect((await threads(post.id)).items).toEqual([]);
  });
});
