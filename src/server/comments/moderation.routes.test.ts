import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../common/engagement";
import { createPost } from "../test/factories";
import { requestAs } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let writer: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  writer = await t.signUp({ email: "writer@example.com" });
  reader = await t.signUp({ email: "reader@example.com" });
});
afterAll(() => t.close());

const req = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  who: TestUser | null,
  payload?: unknown,
) => requestAs(t, method, url, who, payload);

async function commentOn(postId: string, who: TestUser, content: string) {
  const res = await req("POST", `/api/posts/${postId}/comments`, who, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Comment;
}

async function seen(postId: string, who: TestUser | null) {
  const res = await req("GET", `/api/posts/${postId}/comments`, who);
  return (res.json().items as Comment[]).map(
    (c) => `${c.content}${c.hidden ? " (hidden)" : ""}${c.held ? " (held)" : ""}`,
  );
}

describe("hide and show a comment (PATCH /api/comments/:id/visibility)", () => {
  it("only the post's author: readers no longer see it, its writer sees it marked hidden", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const c = await commentOn(post.id, writer, "Rude words");
    const hide = (who: TestUser | null, payload: unknown = { hidden: true }) =>
      req("PATCH", `/api/comments/${c.id}/visibility`, who, payload);
    expect((await hide(null)).statusCode).toBe(401);
    for (const who of [reader, writer, her]) expect((await hide(who)).statusCode).toBe(403);
    for (const bad of [{ hidden: "yes" }, {}, { hidden: true, extra: 1 }, null])
      expect((await hide(him, bad)).statusCode).toBe(400);
    expect((await req("PATCH", "/api/comments/not-an-id/visibility", him, { hidden: true })).statusCode).toBe(
      404,
    );
    expect((await hide(him)).statusCode).toBe(200);
    expect(await seen(post.id, null)).toEqual([]);
    expect(await seen(post.id, reader)).toEqual([]);
    expect(await seen(post.id, writer)).toEqual(["Rude words (hidden)"]);
    expect(await seen(post.id, him)).toEqual(["Rude words (hidden)"]);
    expect((await hide(him, { hidden: false })).statusCode).toBe(200);
    expect(await seen(post.id, null)).toEqual(["Rude words"]);
  });
});

describe("hiding a top-level comment that has replies", () => {
  /** Each thread as `content (flags): [replies]`, the way the viewer gets it. */
  async function threadsSeenBy(postId: string, who: TestUser | null) {
    const res = await req("GET", `/api/posts/${postId}/comments`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Comment[]).map((c) => ({
      top: `${c.author}: ${c.content}${c.hidden ? " (hidden)" : ""}`,
      replies: (c.replies ?? []).map((r) => `${r.author}: ${r.content}${r.hidden ? " (hidden)" : ""}`),
    }));
  }

  it("acts on that comment alone: its replies stay for everyone, under '[hidden]' for all but its writer and the post's author", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const top = await commentOn(post.id, writer, "Rude words");
    const replier = await t.signUp({ email: "replier@example.com" });
    const answer = await req("POST", `/api/posts/${post.id}/comments`, replier, {
      content: "Calm down",
      replyTo: top.id,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await req("PATCH", `/api/comments/${top.id}/visibility`, him, { hidden: true })).statusCode).toBe(
      200,
    );
    const standIn = [{ top: "[hidden]: [hidden] (hidden)", replies: ["replier: Calm down"] }];
    for (const who of [null, reader, replier, her])
      expect(await threadsSeenBy(post.id, who)).toEqual(standIn);
    // Neither the text nor the writer reaches them.
    const raw = (await req("GET", `/api/posts/${post.id}/comments`, reader)).body;
    expect(raw).not.toContain("Rude words");
    expect(raw).not.toContain(writer.id);
    expect(raw).not.toContain('"writer"');
    const marked = [{ top: "writer: Rude words (hidden)", replies: ["replier: Calm down"] }];
    expect(await threadsSeenBy(post.id, writer)).toEqual(marked);
    expect(await threadsSeenBy(post.id, him)).toEqual(marked);
    // The stand-in cannot be answered by those who only see the stand-in; its replies can.
    const onStandIn = { content: "What was it?", replyTo: top.id };
    expect((await req("POST", `/api/posts/${post.id}/comments`, reader, onStandIn)).statusCode).toBe(404);
    const onReply = { content: "Agreed", replyTo: answer.json().id };
    expect((await req("POST", `/api/posts/${post.id}/comments`, reader, onReply)).statusCode).toBe(201);
    // Shown again: the comment is back for everyone.
    expect(
      (await req("PATCH", `/api/comments/${top.id}/visibility`, him, { hidden: false })).statusCode,
    ).toBe(200);
    expect((await threadsSeenBy(post.id, null))[0]!.top).toBe("writer: Rude words");
  });

  it("a hidden reply goes alone; a hidden comment whose replies are all hidden goes with them", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const top = await commentOn(post.id, writer, "Question");
    const ok = await req("POST", `/api/posts/${post.id}/comments`, reader, {
      content: "Fine",
      replyTo: top.id,
    });
    const bad = await req("POST", `/api/posts/${post.id}/comments`, reader, {
      content: "Spam",
      replyTo: top.id,
    });
    await req("PATCH", `/api/comments/${bad.json().id}/visibility`, her, { hidden: true });
    expect(await threadsSeenBy(post.id, null)).toEqual([
      { top: "writer: Question", replies: ["reader: Fine"] },
    ]);
    await req("PATCH", `/api/comments/${ok.json().id}/visibility`, her, { hidden: true });
    await req("PATCH", `/api/comments/${top.id}/visibility`, her, { hidden: true });
    expect(await threadsSeenBy(post.id, null)).toEqual([]);
    expect(await threadsSeenBy(post.id, him)).toEqual([]);
  });

  it("a blocked reader's comment with replies stays as '[hidden]' above them", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const pest = await t.signUp({ email: "pest@example.com" });
    const top = await commentOn(post.id, pest, "Buy my stuff");
    await req("POST", `/api/posts/${post.id}/comments`, reader, { content: "No thanks", replyTo: top.id });
    expect((await req("POST", "/api/blocks", her, { userId: pest.id })).statusCode).toBe(201);
    expect(await threadsSeenBy(post.id, reader)).toEqual([
      { top: "[hidden]: [hidden] (hidden)", replies: ["reader: No thanks"] },
    ]);
    expect((await req("DELETE", `/api/blocks/${pest.id}`, her)).statusCode).toBe(204);
  });
});

describe("block a reader (POST /api/blocks, DELETE /api/blocks/:userId)", () => {
  it("hides their comments on that author's blog and refuses new ones with a clear message; unblock restores", async () => {
    const hisPost = await createPost(t.ctx, { author: "him" });
    const herPost = await createPost(t.ctx, { author: "her" });
    const troll = await t.signUp({ email: "troll@example.com" });
    await commentOn(hisPost.id, troll, "Troll on his");
    await commentOn(herPost.id, troll, "Troll on hers");
    expect((await req("POST", "/api/blocks", null, { userId: troll.id })).statusCode).toBe(401);
    expect((await req("POST", "/api/blocks", reader, { userId: troll.id })).statusCode).toBe(403);
    for (const bad of [{}, { userId: 5 }, { userId: "x".repeat(500) }, { userId: troll.id, why: "x" }])
      expect((await req("POST", "/api/blocks", him, bad)).statusCode).toBe(400);
    expect((await req("POST", "/api/blocks", him, { userId: "nobody" })).statusCode).toBe(404);
    expect((await req("POST", "/api/blocks", him, { userId: her.id })).statusCode).toBe(400);
    expect((await req("POST", "/api/blocks", him, { userId: troll.id })).statusCode).toBe(201);
    expect(await seen(hisPost.id, null)).toEqual([]);
    expect(await seen(hisPost.id, troll)).toEqual(["Troll on his (hidden)"]);
    // Her blog is hers to moderate: unaffected.
    expect(await seen(herPost.id, null)).toEqual(["Troll on hers"]);
    const refused = await req("POST", `/api/posts/${hisPost.id}/comments`, troll, { content: "Again" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "The author of this blog has blocked you from commenting on it.",
    );
    expect(
      (await req("POST", `/api/posts/${herPost.id}/comments`, troll, { content: "Fine here" })).statusCode,
    ).toBe(201);
    expect((await req("DELETE", `/api/blocks/${troll.id}`, her)).statusCode).toBe(204);
    expect(await seen(hisPost.id, null)).toEqual([]);
    expect((await req("DELETE", `/api/blocks/${troll.id}`, him)).statusCode).toBe(204);
    expect(await seen(hisPost.id, null)).toEqual(["Troll on his"]);
  });
});

describe("hold a new reader's first comment (PATCH /api/moderation), approve it", () => {
  it("is off by default; when on, the first comment waits, only its writer and the post's author see it", async () => {
    expect((await req("GET", "/api/moderation", him)).json()).toMatchObject({ holdFirstComments: false });
    expect((await req("PATCH", "/api/moderation", reader, { holdFirstComments: true })).statusCode).toBe(403);
    expect((await req("PATCH", "/api/moderation", null, { holdFirstComments: true })).statusCode).toBe(401);
    expect((await req("PATCH", "/api/moderation", him, { holdFirstComments: "on" })).statusCode).toBe(400);
    expect((await req("PATCH", "/api/moderation", him, { holdFirstComments: true })).json()).toEqual({
      holdFirstComments: true,
    });
    const post = await createPost(t.ctx, { author: "him", title: "Held here" });
    const newcomer = await t.signUp({ email: "newcomer@example.com" });
    const first = await commentOn(post.id, newcomer, "Hello!");
    expect(first.held).toBe(true);
    expect(await seen(post.id, null)).toEqual([]);
    expect(await seen(post.id, newcomer)).toEqual(["Hello! (held)"]);
    const inbox = (await req("GET", "/api/moderation", him)).json();
    expect(
      inbox.held.map((h: { comment: Comment; postTitle: string }) => [h.comment.content, h.postTitle]),
    ).toEqual([["Hello!", "Held here"]]);
    expect((await req("GET", "/api/moderation", her)).json().held).toEqual([]);
    expect((await req("POST", `/api/comments/${first.id}/approve`, her)).statusCode).toBe(403);
    expect((await req("POST", `/api/comments/${first.id}/approve`, him)).statusCode).toBe(200);
    expect(await seen(post.id, null)).toEqual(["Hello!"]);
    // Approved once: the next comment is published at once.
    expect((await commentOn(post.id, newcomer, "Me again")).held).toBe(false);
    await req("PATCH", "/api/moderation", him, { holdFirstComments: false });
  });
});

describe("report a comment (POST /api/comments/:id/report)", () => {
  it("a reader reports; the report waits in the post author's review list until dismissed or acted on", async () => {
    const post = await createPost(t.ctx, { author: "her", title: "Reported" });
    const c = await commentOn(post.id, writer, "Spam spam");
    expect((await req("POST", `/api/comments/${c.id}/report`, null, {})).statusCode).toBe(401);
    expect((await req("POST", `/api/comments/${c.id}/report`, writer, {})).statusCode).toBe(400);
    expect(
      (await req("POST", `/api/comments/${c.id}/report`, reader, { reason: "r".repeat(501) })).statusCode,
    ).toBe(400);
    expect((await req("POST", `/api/comments/${c.id}/report`, reader, { reason: 3 })).statusCode).toBe(400);
    expect((await req("POST", `/api/comments/${c.id}/report`, reader, { reason: "Spam" })).statusCode).toBe(
      201,
    );
    expect((await req("POST", `/api/comments/${c.id}/report`, him, {})).statusCode).toBe(201);
    const list = (await req("GET", "/api/moderation", her)).json().reported;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ postTitle: "Reported", reports: 2, reasons: ["Spam"] });
    expect((await req("GET", "/api/moderation", him)).json().reported).toEqual([]);
    expect((await req("POST", `/api/comments/${c.id}/dismiss-reports`, him)).statusCode).toBe(403);
    expect((await req("POST", `/api/comments/${c.id}/dismiss-reports`, her)).statusCode).toBe(204);
    expect((await req("GET", "/api/moderation", her)).json().reported).toEqual([]);
    // GET /api/moderation is for the authors only.
    expect((await req("GET", "/api/moderation", reader)).statusCode).toBe(403);
    expect((await req("GET", "/api/moderation", null)).statusCode).toBe(401);
  });
});
