import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commentCreate, commentsList, likeRead, likeToggle, urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady } from "../../common/api/takes";
import type { Comment, LikeState } from "../../common/engagement";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Decision 0046: likes and comments are one conversation under both takes. Either take's address
// reads and writes the same thread and the same count (the proposer's take holds them).

let t: TestApp;
let roles: Roles;
let pairId: string;
let his: BlogPost;
let hers: BlogPost;

const comment = (who: TestUser | null, postId: string, content: string) =>
  requestAs(t, "POST", urlOf(commentCreate, { id: postId }), who, { content });
const thread = async (postId: string, who: TestUser | null = null) => {
  const res = await requestAs(t, "GET", urlOf(commentsList, { id: postId }), who);
  return {
    status: res.statusCode,
    contents: res.statusCode === 200 ? res.json<{ items: Comment[] }>().items.map((c) => c.content) : [],
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Home" })
  ).json<PostPair>();
  pairId = pair.id;
  await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
  const write = async (who: TestUser, author: string) =>
    (
      await requestAs(t, "POST", "/api/posts", who, {
        author,
        pairId: pair.id,
        title: "Home",
        content: `<p>${author} on home.</p>`,
      })
    ).json<BlogPost>();
  his = await write(roles.him, "him");
  hers = await write(roles.her, "her");
});
afterAll(() => t.close());

describe("two takes › one conversation", () => {
  it("before the reveal neither take takes a comment or a like", async () => {
    // Read once while sealed: what is remembered then must not outlive the reveal.
    expect((await thread(hers.id)).status).toBe(404);
    expect((await comment(roles.reader, hers.id, "Too early")).statusCode).toBe(404);
    expect((await requestAs(t, "POST", urlOf(likeToggle, { id: hers.id }), roles.reader)).statusCode).toBe(
      404,
    );
  });

  it("after the reveal a comment on either take is under both", async () => {
    await requestAs(t, "POST", urlOf(pairReady, { id: pairId }), roles.her);
    const revealed = await requestAs(t, "POST", urlOf(pairReady, { id: pairId }), roles.him);
    expect(revealed.json<PostPair>().state).toBe("revealed");
    await t.ctx.publishing.kick();
    expect((await thread(his.id)).contents).toEqual([]);
    const first = await comment(roles.reader, hers.id, "On her take");
    expect(first.statusCode, first.body).toBe(201);
    const second = await comment(roles.reader, his.id, "On his take");
    expect(second.statusCode, second.body).toBe(201);
    for (const id of [his.id, hers.id]) {
      const { status, contents } = await thread(id);
      expect(status).toBe(200);
      expect([...contents].sort()).toEqual(["On her take", "On his take"]);
    }
    // A reply names a comment of the one thread, whichever take's address it is written on.
    const reply = await requestAs(t, "POST", urlOf(commentCreate, { id: his.id }), roles.her, {
      content: "Thank you",
      replyTo: first.json<Comment>().id,
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it("a like on either take is one like, seen from both", async () => {
    const liked = await requestAs(t, "POST", urlOf(likeToggle, { id: hers.id }), roles.reader);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json<LikeState>()).toEqual({ liked: true, likes: 1 });
    const fromHis = await requestAs(t, "GET", urlOf(likeRead, { id: his.id }), roles.reader);
    expect(fromHis.json<LikeState>()).toEqual({ liked: true, likes: 1 });
    // Pressed again on the other take, it is the same like taken back.
    const unliked = await requestAs(t, "POST", urlOf(likeToggle, { id: his.id }), roles.reader);
    expect(unliked.json<LikeState>()).toEqual({ liked: false, likes: 0 });
  });

  it("both authors hear of a comment on either take", async () => {
    await t.ctx.audienceMail.drain();
    t.mailer.sent = [];
    expect((await comment(roles.reader, hers.id, "Both of you!")).statusCode).toBe(201);
    await t.ctx.audienceMail.drain();
    for (const author of [roles.him, roles.her])
      expect(t.mailer.to(author.email).map((m) => m.subject)).toEqual([
        expect.stringMatching(/ commented on "Home"$/),
      ]);
  });

  it("a visitor still reads both and writes neither", async () => {
    expect((await thread(hers.id)).contents.length).toBeGreaterThan(0);
    expect((await comment(null, hers.id, "Anonymous")).statusCode).toBe(401);
    expect((await requestAs(t, "POST", urlOf(likeToggle, { id: hers.id }), null)).statusCode).toBe(401);
  });
});
