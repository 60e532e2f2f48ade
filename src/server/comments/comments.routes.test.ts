import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// A clock the tests move forward, so "newest first" and "timestamp updated" are deterministic.
let clock = new Date("2025-01-01T10:00:00.000Z").getTime();
const tick = () => {
  clock += 1000;
  return new Date(clock);
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: tick });
});
afterAll(() => t.close());

const listUrl = (postId: string) => `/api/posts/${postId}/comments`;

async function rowsFor(postId: string) {
  const [row] = await t.ctx.db.select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  return row!.n;
}

async function postComment(postId: string, who: TestUser, content = "Lovely post!") {
  const res = await t.request({
    method: "POST",
    url: listUrl(postId),
    cookie: who.cookie,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("GET /api/posts/:id/comments", () => {
  it("lists a post's comments newest first, each with author (email prefix), content and time", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.signUp({ email: "first.reader@example.com" });
    await postComment(post.id, reader, "first");
    await postComment(post.id, reader, "second");
    const res = await t.request({ method: "GET", url: listUrl(post.id) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((c: { content: string }) => c.content)).toEqual(["second", "first"]);
    expect(body.items[0]).toMatchObject({ postId: post.id, author: "first.reader", userId: reader.id });
    expect(new Date(body.items[0].timestamp).toISOString()).toBe(body.items[0].timestamp);
    expect(body.nextCursor).toBeNull();
  });

  it("answers an empty page for a post without comments", async () => {
    const post = await createPost(t.ctx);
    const res = await t.request({ method: "GET", url: listUrl(post.id) });
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it("pages through comments with a cursor, without gaps or repeats", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    for (let i = 1; i <= 5; i++) await postComment(post.id, reader, `c${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `${listUrl(post.id)}?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.items.map((c: { content: string }) => c.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["c5", "c4", "c3", "c2", "c1"]);
  });

  it("answers 400 for a bad limit or cursor and 404 for an unknown post", async () => {
    const post = await createPost(t.ctx);
    for (const q of ["limit=0", "limit=999", "limit=abc", "cursor=zzz"]) {
      const res = await t.request({ method: "GET", url: `${listUrl(post.id)}?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    for (const id of ["7d1f4c5e-0000-4000-8000-000000000000", "nope"]) {
      const res = await t.request({ method: "GET", url: listUrl(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("Post not found");
    }
  });
});

describe("POST /api/posts/:id/comments", () => {
  it("refuses a visitor with 401 'Please log in to post a comment'", async () => {
    const post = await createPost(t.ctx);
    const res = await t.request({ method: "POST", url: listUrl(post.id), payload: { content: "hi" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("Please log in to post a comment");
    expect(await rowsFor(post.id)).toBe(0);
  });

  it("trims the text and stores it as typed (plain text, not HTML)", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    const typed = "<script>alert(1)</script> & <b>bold</b>";
    const comment = await postComment(post.id, reader, `   ${typed}\n  `);
    expect(comment.content).toBe(typed);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row!.content).toBe(typed);
  });

  it("refuses empty or blank text with 'Comment cannot be empty'", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    for (const content of ["", "   ", "\n\t "]) {
      const res = await t.request({
        method: "POST",
        url: listUrl(post.id),
        cookie: reader.cookie,
        payload: { content },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Comment cannot be empty");
    }
    expect(await rowsFor(post.id)).toBe(0);
  });

  it("refuses text over the limit with a clear message, and accepts exactly the limit", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    const tooLong = await t.request({
      method: "POST",
      url: listUrl(post.id),
      cookie: reader.cookie,
      payload: { content: "x".repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe("Comment is too long (maximum 2,000 characters).");
    const huge = await t.request({
      method: "POST",
      url: listUrl(post.id),
      cookie: reader.cookie,
      payload: { content: "y".repeat(3_000_000) },
    });
    expect(huge.statusCode).toBe(400);
    await postComment(post.id, reader, "z".repeat(2000));
    expect(await rowsFor(post.id)).toBe(1);
  });

  it("refuses wrong types, missing and unknown fields with 400", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    for (const payload of [
      {},
      { content: 42 },
      { content: ["a"] },
      { content: null },
      { content: "ok", userId: "x" },
    ]) {
      const res = await t.request({ method: "POST", url: listUrl(post.id), cookie: reader.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    const notJson = await t.request({
      method: "POST",
      url: listUrl(post.id),
      cookie: reader.cookie,
      headers: { "content-type": "text/plain" },
      payload: "content=hi",
    });
    expect(notJson.statusCode).toBe(415);
    expect(await rowsFor(post.id)).toBe(0);
  });

  it("answers 404 for an unknown post", async () => {
    const reader = await t.as("user");
    const res = await t.request({
      method: "POST",
      url: listUrl("7d1f4c5e-0000-4000-8000-000000000000"),
      cookie: reader.cookie,
      payload: { content: "hello" },
    });
    expect(res.statusCode).toBe(404);
  });

  it("lets readers and both authors comment", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    for (const role of ["user", "him", "her"] as const) await postComment(post.id, await t.as(role));
    expect(await rowsFor(post.id)).toBe(3);
  });

  it("refuses a cross-site request with 403", async () => {
    const post = await createPost(t.ctx);
    const reader = await t.as("user");
    const res = await t.request({
      method: "POST",
      url: listUrl(post.id),
      cookie: reader.cookie,
      payload: { content: "hi" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsFor(post.id)).toBe(0);
  });

  it("shows a new comment to the next reader at once (cached first page invalidated)", async () => {
    const post = await createPost(t.ctx);
    const first = await t.request({ method: "GET", url: listUrl(post.id) });
    expect(first.json().items).toHaveLength(0);
    await postComment(post.id, await t.as("user"), "fresh");
    const second = await t.request({ method: "GET", url: listUrl(post.id) });
    expect(second.json().items.map((c: { content: string }) => c.content)).toEqual(["fresh"]);
  });
});

describe("PATCH /api/comments/:id and DELETE /api/comments/:id", () => {
  // A post by 'him' with a comment by a reader.
  async function setup() {
    const post = await createPost(t.ctx, { author: "him" });
    const commenter = await t.signUp();
    const comment = await postComment(post.id, commenter, "original");
    return { post, commenter, comment };
  }
  const edit = (id: string, cookie: string | null, payload: unknown = { content: "edited" }) =>
    t.request({ method: "PATCH", url: `/api/comments/${id}`, cookie, payload: payload as object });
  const remove = (id: string, cookie: string | null) =>
    t.request({ method: "DELETE", url: `/api/comments/${id}`, cookie });
  const stored = async (id: string) => (await t.ctx.db.select().from(comments).where(eq(comments.id, id)))[0];

  it("lets the comment's author edit it: content and timestamp updated", async () => {
    const { commenter, comment } = await setup();
    const res = await edit(comment.id, commenter.cookie, { content: "  edited text  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: comment.id, content: "edited text" });
    expect(new Date(res.json().timestamp).getTime()).toBeGreaterThan(new Date(comment.timestamp).getTime());
    expect((await stored(comment.id))!.content).toBe("edited text");
  });

  it("lets the post's author edit and delete a reader's comment on their post", async () => {
    const { comment } = await setup();
    const him = await t.as("him");
    expect((await edit(comment.id, him.cookie)).statusCode).toBe(200);
    expect((await remove(comment.id, him.cookie)).statusCode).toBe(204);
    expect(await stored(comment.id)).toBeUndefined();
  });

  it("lets the other author manage her own comment on his post, and him manage it as the post's author", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const her = await t.as("her");
    const him = await t.as("him");
    const mine = await postComment(post.id, her, "from her");
    const res = await edit(mine.id, her.cookie, { content: "from her, edited" });
    expect(res.statusCode).toBe(200);
    expect((await stored(mine.id))!.content).toBe("from her, edited");
    expect((await edit(mine.id, him.cookie, { content: "tidied by him" })).statusCode).toBe(200);
    expect((await remove(mine.id, him.cookie)).statusCode).toBe(204);
    expect(await stored(mine.id)).toBeUndefined();
    const second = await postComment(post.id, her, "again");
    expect((await remove(second.id, her.cookie)).statusCode).toBe(204);
  });

  it("lets the comment's author delete it", async () => {
    const { commenter, comment } = await setup();
    const res = await remove(comment.id, commenter.cookie);
    expect(res.statusCode).toBe(204);
    expect(await stored(comment.id)).toBeUndefined();
    expect((await remove(comment.id, commenter.cookie)).statusCode).toBe(404);
  });

  it("refuses another reader and the other author with 403, changing nothing", async () => {
    const { comment } = await setup();
    for (const who of [await t.signUp(), await t.as("her")]) {
      const e = await edit(comment.id, who.cookie);
      expect(e.statusCode).toBe(403);
      expect(e.json().error.code).toBe("FORBIDDEN");
      expect((await remove(comment.id, who.cookie)).statusCode).toBe(403);
    }
    const row = await stored(comment.id);
    expect(row!.content).toBe("original");
  });

  it("refuses a visitor with 401", async () => {
    const { comment } = await setup();
    expect((await edit(comment.id, null)).statusCode).toBe(401);
    expect((await remove(comment.id, null)).statusCode).toBe(401);
    expect((await stored(comment.id))!.content).toBe("original");
  });

  it("validates the edit like a new comment: empty, too long, wrong type, unknown fields", async () => {
    const { commenter, comment } = await setup();
    const cases: Array<[unknown, string | null]> = [
      [{ content: "   " }, "Comment cannot be empty"],
      [{ content: "x".repeat(2001) }, "Comment is too long (maximum 2,000 characters)."],
      [{ content: 7 }, null],
      [{}, null],
      [{ content: "ok", postId: "other" }, null],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(comment.id, commenter.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect((await stored(comment.id))!.content).toBe("original");
  });

  it("answers 404 for an unknown or malformed comment id", async () => {
    const reader = await t.as("user");
    for (const id of ["7d1f4c5e-0000-4000-8000-000000000000", "1 or 1=1"]) {
      expect((await edit(encodeURIComponent(id), reader.cookie)).statusCode).toBe(404);
      expect((await remove(encodeURIComponent(id), reader.cookie)).statusCode).toBe(404);
    }
  });

  it("refuses cross-site edits and deletes with 403", async () => {
    const { commenter, comment } = await setup();
    const evil = { origin: "https://evil.example" };
    const e = await t.request({
      method: "PATCH",
      url: `/api/comments/${comment.id}`,
      cookie: commenter.cookie,
      payload: { content: "pwned" },
      headers: evil,
    });
    expect(e.statusCode).toBe(403);
    const d = await t.request({
      method: "DELETE",
      url: `/api/comments/${comment.id}`,
      cookie: commenter.cookie,
      headers: evil,
    });
    expect(d.statusCode).toBe(403);
    expect((await stored(comment.id))!.content).toBe("original");
  });
});

describe("comment author badge", () => {
  it("marks comments by an author account, not a reader whose email prefix is the same name", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const lookalike = await t.signUp({ email: "him@attacker.example" });
    const author = await t.as("him");
    const fake = await postComment(post.id, lookalike, "I wrote this blog");
    const real = await postComment(post.id, author, "Thanks for reading");
    // SPEC §3 keeps the email prefix as the name: both show as 'him'.
    expect([fake.author, real.author]).toEqual(["him", "him"]);
    expect(fake.isAuthor).toBe(false);
    expect(real.isAuthor).toBe(true);

    const list = (await t.request({ method: "GET", url: listUrl(post.id) })).json();
    const badges = Object.fromEntries(
      list.items.map((c: { content: string; isAuthor: boolean }) => [c.content, c.isAuthor]),
    );
    expect(badges).toEqual({ "I wrote this blog": false, "Thanks for reading": true });

    // The post's author editing a reader's comment does not lend it the badge.
    const her = await t.as("her");
    const edited = await t.request({
      method: "PATCH",
      url: `/api/comments/${fake.id}`,
      cookie: her.cookie,
      payload: { content: "Edited by the author" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ author: "him", isAuthor: false });
  });
});
