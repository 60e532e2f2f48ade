import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "../../../common/engagement";
import type { BlogPost } from "../../../common/types";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { blueskyRecords, blueskyReplies } from "../../db/schema";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { blueskyPerson, type PostRef } from "../../test/bluesky-person";
import { type Roles, requestAs, signInRoles } from "../../test/roles";
import { buildTestApp, openTestDatabase, type TestApp } from "../../test/test-app";
import { RepliesHome } from "./replies-home";

// Replies, likes and reposts of a card coming home from a real PLC + PDS + AppView (dev-env's
// TestNetwork, test/atproto-net --appview): held, approved, shown; a blocked DID refused; a
// deleted reply gone; a process stopped mid-read leaves the rest to the next, nothing twice.

let net: AtprotoNetwork;
let database: Database;
let t: TestApp;
let roles: Roles;
let post: BlogPost;
let card: PostRef;
const PUBLIC = "http://127.0.0.1:3000";
const env = () => ({
  PUBLIC_URL: PUBLIC,
  FEDIVERSE_ALLOW_PRIVATE: "true",
  BLUESKY_RESOLVER_URL: net.pds,
  BLUESKY_PLC_URL: net.plc,
  BLUESKY_APPVIEW_URL: net.appview!,
});
/** The app's own database, kept open when the first "process" closes (a restart). */
const lasting = (db: Database): Database => ({ ...db, close: async () => {} }) as Database;

/** Someone on Bluesky, acting on the card. */
async function as(name: string) {
  const person = await blueskyPerson(net, name);
  return {
    ...person,
    reply: (text: string, parent: PostRef = card) => person.reply(text, card, parent),
    like: () => person.like(card),
    repost: () => person.repost(card),
  };
}
/** The AppView indexes what the PDS has; the card is due; this process reads it. */
async function readThread(app = t) {
  await net.processAll();
  await app.ctx.db.execute(sql`update bluesky_records set poll_at = now() where post_cid is not null`);
  await app.ctx.fediverse.bluesky.kick();
}
async function seen(who: Roles[keyof Roles] | null, app = t) {
  const res = await requestAs(app, "GET", `/api/posts/${post.id}/comments`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Comment[]).map((c) => ({
    author: c.author,
    content: c.content,
    held: Boolean(c.held),
    replies: (c.replies ?? []).map((r) => r.content),
  }));
}

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice", "bob", "carol", "dave"], { appview: true });
  database = await openTestDatabase();
  t = await buildTestApp(env(), { database: lasting(database) });
  roles = await signInRoles(t);
  const connected = await requestAs(t, "POST", "/api/admin/bluesky", roles.her, {
    handle: "alice.test",
    appPassword: net.accounts.alice!.appPassword,
  });
  expect(connected.statusCode, connected.body).toBe(200);
  expect(
    (await requestAs(t, "PATCH", "/api/moderation", roles.her, { holdFirstComments: true })).statusCode,
  ).toBe(200);
  const res = await requestAs(t, "POST", "/api/posts", roles.her, {
    title: "Tide pools at dawn",
    content: "<p>Three starfish.</p>",
    author: "her",
  });
  expect(res.statusCode, res.body).toBe(201);
  post = res.json();
  await t.ctx.publishing.kick();
  await t.ctx.fediverse.bluesky.kick();
  const [row] = await t.ctx.db.select().from(blueskyRecords).where(eq(blueskyRecords.postId, post.id));
  card = { uri: `at://${row!.did}/app.bsky.feed.post/${row!.postRkey}`, cid: row!.postCid! };
}, 180_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
  await net?.close();
});

describe("Bluesky replies coming home", () => {
  let bobsReply = { uri: "", cid: "" };
  it("a reply from another account is held, approved by the post's author, then shown; likes and reposts are counted", async () => {
    const bob = await as("bob");
    const face = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#c63" } })
      .png()
      .toBuffer();
    await bob.profile("Bob Marsh", face);
    bobsReply = await bob.reply("Lovely! Which beach?");
    await bob.like();
    await (await as("carol")).repost();
    await readThread();
    expect(await seen(null)).toEqual([]);
    const mine = await seen(roles.her);
    expect(mine).toEqual([
      { author: "Bob Marsh (@bob.test)", content: "Lovely! Which beach?", held: true, replies: [] },
    ]);
    const reading = await requestAs(t, "GET", `/api/posts/${post.id}/reading`, null);
    expect(reading.json().bluesky).toEqual({ likes: 1, reposts: 1 });
    const [link] = await t.ctx.db.select().from(blueskyReplies);
    expect(link).toMatchObject({ uri: bobsReply.uri, did: bob.did, handle: "bob.test" });
    // Only the post's author approves.
    expect(
      (await requestAs(t, "POST", `/api/comments/${link!.commentId}/approve`, roles.him)).statusCode,
    ).toBe(403);
    expect(
      (await requestAs(t, "POST", `/api/comments/${link!.commentId}/approve`, roles.her)).statusCode,
    ).toBe(200);
    expect(await seen(null)).toEqual([
      { author: "Bob Marsh (@bob.test)", content: "Lovely! Which beach?", held: false, replies: [] },
    ]);
    // Reported by a reader, hidden and shown again by the post's author, as any comment.
    const reported = await requestAs(t, "POST", `/api/comments/${link!.commentId}/report`, roles.reader, {
      reason: "Off topic",
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    const hide = (hidden: boolean) =>
      requestAs(t, "PATCH", `/api/comments/${link!.commentId}/visibility`, roles.her, { hidden });
    expect((await hide(true)).statusCode).toBe(200);
    expect(await seen(null)).toEqual([]);
    expect((await hide(false)).statusCode).toBe(200);
    const list = await requestAs(t, "GET", `/api/posts/${post.id}/comments`, null);
    const remote = list.json().items[0].remote as { profileUrl: string; avatarUrl: string | null };
    expect(remote.profileUrl).toBe(`https://bsky.app/profile/${bob.did}`);
    // The avatar the AppView names, copied small into our storage: the page never points there.
    expect(remote.avatarUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const copy = await t.request({ method: "GET", url: remote.avatarUrl! });
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(64);
    // Read again: nothing twice; a reply to bob's reply goes under his comment, not held (his
    // first comment was approved).
    await bob.reply("The north one, by the rocks.", bobsReply);
    await readThread();
    expect(await seen(null)).toEqual([
      {
        author: "Bob Marsh (@bob.test)",
        content: "Lovely! Which beach?",
        held: false,
        replies: ["The north one, by the rocks."],
      },
    ]);
    expect(await t.ctx.db.select().from(blueskyReplies)).toHaveLength(2);
  });

  it("a blocked DID is refused: its reply never comes home", async () => {
    const carol = await as("carol");
    const blocked = await requestAs(t, "POST", "/api/blocks", roles.her, {
      userId: await userIdOf(carol.did, "First"),
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await carol.reply("Spam spam spam");
    await readThread();
    expect((await seen(roles.her)).map((c) => c.content)).not.toContain("Spam spam spam");
  });

  it("a reply deleted on Bluesky goes from the comments", async () => {
    await (await as("bob")).remove(bobsReply.uri);
    await readThread();
    // Its answer goes with it: the card's thread on Bluesky no longer reaches it either.
    const shown = await seen(roles.her);
    expect(shown.map((c) => c.content)).not.toContain("Lovely! Which beach?");
    expect(shown.flatMap((c) => c.replies)).toEqual([]);
    expect(await t.ctx.db.select().from(blueskyReplies).where(eq(blueskyReplies.uri, bobsReply.uri))).toEqual(
      [],
    );
  });

  it("a process stopped in the middle of reading replies leaves the rest to the next, none twice", async () => {
    const dave = await as("dave");
    for (const n of [1, 2, 3, 4]) await dave.reply(`Dave's note ${n}`);
    await net.processAll();
    await t.ctx.db.execute(sql`update bluesky_records set poll_at = now() where post_cid is not null`);
    const daves = async () =>
      (await t.ctx.db.select().from(blueskyReplies).where(eq(blueskyReplies.did, dave.did))).length;
    // The first process reads until it is told to stop (it is closing), after two replies.
    await new RepliesHome(t.ctx, () => {}).drain(async () => (await daves()) >= 2);
    expect(await daves()).toBe(2);
    await t.close();
    t = await buildTestApp(env(), { database: lasting(database) });
    // Sessions are database rows: the author's cookie still signs her in.
    await t.ctx.fediverse.bluesky.kick();
    const rows = await t.ctx.db.select().from(blueskyReplies).where(eq(blueskyReplies.did, dave.did));
    expect(rows).toHaveLength(4);
    const contents = (await seen(roles.her)).map((c) => c.content).filter((c) => c.startsWith("Dave"));
    expect(contents.sort()).toEqual(["Dave's note 1", "Dave's note 2", "Dave's note 3", "Dave's note 4"]);
  });
});

/** The user id standing for a DID: the one a comment of theirs carries (the Block button's). */
async function userIdOf(did: string, text: string): Promise<string> {
  const carol = await as("carol");
  const { uri } = await carol.reply(text);
  await readThread();
  const [row] = rowsOf<{ user_id: string }>(
    await t.ctx.db.execute(sql`select c.user_id from comments c join bluesky_replies b
      on b.comment_id = c.id where b.uri = ${uri}`),
  );
  expect(row, did).toBeTruthy();
  return row!.user_id;
}
