import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blueskyAccounts, blueskyRecords, blueskyReplies, comments } from "../../db/schema";
import { createPost } from "../../test/factories";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { rememberAvatar } from "./reply-store";
import { parseCardThread, THREAD_DEPTH, THREAD_REPLIES_MAX } from "./thread";

// The thread parser (what an AppView answers about a card) under fuzz, and a hostile AppView
// end to end: any answer ends in a thread of the right shape or a refusal, never a crash, and a
// refused answer stores nothing, not even the replies before its bad part.
// BLUESKY_FUZZ_COUNT and BLUESKY_FUZZ_SEED replay a run.

const COUNT = Number(process.env.BLUESKY_FUZZ_COUNT ?? 400);
const SEED = Number(process.env.BLUESKY_FUZZ_SEED ?? Date.now() % 1_000_000);
let seed = SEED;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const OWNER = "did:plc:abcdefghijklmnopqrstuvwx";
const OTHER = "did:plc:bcdefghijklmnopqrstuvwxy";
const CARD = `at://${OWNER}/app.bsky.feed.post/3kcard222222a`;
const view = (uri: string, did: string, text: string, parent: string | null) => ({
  uri,
  cid: "bafyreply",
  author: { did, handle: "bob.test", displayName: "Bob", avatar: "https://cdn.example/a.jpg" },
  record: {
    $type: "app.bsky.feed.post",
    text,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...(parent ? { reply: { root: { uri: CARD, cid: "c" }, parent: { uri: parent, cid: "c" } } } : {}),
  },
  likeCount: 3,
  repostCount: 1,
});
const node = (post: unknown, replies: unknown[] = []) => ({
  $type: "app.bsky.feed.defs#threadViewPost",
  post,
  replies,
});
/** A well-formed thread: the card, two replies, an answer to the first. */
function goodThread() {
  const first = `at://${OTHER}/app.bsky.feed.post/3kfirst22222a`;
  return {
    thread: node(view(CARD, OWNER, "Tide pools", null), [
      node(view(first, OTHER, "Lovely", CARD), [
        node(view(`at://${OWNER}/app.bsky.feed.post/3kanswer2222a`, OWNER, "Thanks", first)),
      ]),
      node(view(`at://${OTHER}/app.bsky.feed.post/3ksecond2222a`, OTHER, "Where?", CARD)),
      { $type: "app.bsky.feed.defs#notFoundPost", uri: "at://x", notFound: true },
    ]),
  };
}
const JUNK: unknown[] = [null, undefined, true, 0, -1, 1.5, 2 ** 60, "", "x".repeat(20_000), [], {}, "at://"];
/** Change one random place of a thread to junk (or delete it). */
function mutate(value: unknown): unknown {
  if (!value || typeof value !== "object") return pick(JUNK);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  if (keys.length === 0 || random() < 0.15) return pick(JUNK);
  const key = pick(keys) as keyof typeof copy;
  if (random() < 0.2 && !Array.isArray(copy)) delete (copy as Record<string, unknown>)[key as string];
  else (copy as Record<string, unknown>)[key as string] = mutate(copy[key]);
  return copy;
}

describe("the thread parser", () => {
  it(`reads a good thread: counts, replies parents first, gone ones skipped (seed ${SEED})`, () => {
    const thread = parseCardThread(goodThread(), CARD)!;
    expect(thread).toMatchObject({ likeCount: 3, repostCount: 1, complete: true });
    expect(thread.replies.map((r) => r.text)).toEqual(["Lovely", "Thanks", "Where?"]);
    expect(thread.replies[1]!.parentUri).toBe(thread.replies[0]!.uri);
    expect(parseCardThread(goodThread(), CARD.replace("card", "cxrd"))).toBeNull();
  });

  it(`never throws on ${COUNT} hostile answers; what it takes has the right shape (seed ${SEED})`, () => {
    for (let i = 0; i < COUNT; i++) {
      let answer: unknown = goodThread();
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) answer = mutate(answer);
      const thread = parseCardThread(answer, CARD);
      if (!thread) continue;
      for (const reply of thread.replies) {
        expect(reply.uri).toMatch(/^at:\/\/did:plc:[a-z2-7]{24}\/app\.bsky\.feed\.post\/[A-Za-z0-9._:~-]+$/);
        expect(typeof reply.text).toBe("string");
        expect(reply.createdAt.getTime()).not.toBeNaN();
        expect(reply.avatar === null || /^https?:\/\//.test(reply.avatar)).toBe(true);
      }
      expect(Number.isInteger(thread.likeCount) && thread.likeCount >= 0).toBe(true);
    }
  });

  it("refuses cycles, a reply under the wrong parent, and 100,000 deep without recursion", () => {
    const looped = goodThread();
    looped.thread.replies.push(looped.thread.replies[0]!);
    expect(parseCardThread(looped, CARD)).toBeNull();
    const moved = JSON.parse(JSON.stringify(goodThread()));
    moved.thread.replies[0].replies[0].post.record.reply.parent.uri = CARD;
    expect(parseCardThread(moved, CARD)).toBeNull();
    // A chain 100,000 deep: read to THREAD_DEPTH, the rest left for later (no stack overflow).
    const uri = (i: number) => (i === 0 ? CARD : `at://${OTHER}/app.bsky.feed.post/3kdeep${i}a`);
    let deep: unknown[] = [];
    for (let i = 100_000; i > 0; i--) deep = [node(view(uri(i), OTHER, "x", uri(i - 1)), deep)];
    const chain = parseCardThread({ thread: node(view(CARD, OWNER, "Tide pools", null), deep) }, CARD)!;
    expect(chain.replies).toHaveLength(THREAD_DEPTH);
    expect(chain.complete).toBe(false);
    // More replies than one read takes: the rest waits, nothing counts as deleted.
    const many = goodThread();
    many.thread.replies = Array.from({ length: THREAD_REPLIES_MAX + 5 }, (_, i) =>
      node(view(`at://${OTHER}/app.bsky.feed.post/3kmany${i}x`, OTHER, "hi", CARD)),
    );
    const read = parseCardThread(many, CARD)!;
    expect(read.replies).toHaveLength(THREAD_REPLIES_MAX);
    expect(read.complete).toBe(false);
  });
});

describe("a hostile AppView", () => {
  let t: TestApp;
  let server: http.Server;
  let answer = "";
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const appview = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await buildTestApp({ FEDIVERSE_ALLOW_PRIVATE: "true", BLUESKY_APPVIEW_URL: appview });
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });

  it("an answer bad in its last reply stores nothing, and the card is read again later", async () => {
    const post = await createPost(t.ctx, { author: "her", date: new Date(t.ctx.now().getTime() - 60_000) });
    await t.ctx.db.insert(blueskyAccounts).values({
      author: "her",
      did: OWNER,
      handle: "alice.test",
      pdsUrl: "http://127.0.0.1:9",
      appPassword: "sealed",
      session: "sealed",
      publicationRkey: "3kpub2222222a",
      publicationCid: "bafypub",
    });
    const [row] = await t.ctx.db
      .insert(blueskyRecords)
      .values({
        postId: post.id,
        author: "her",
        did: OWNER,
        documentRkey: "3kdoc2222222a",
        postRkey: "3kcard222222a",
        documentCid: "bafydoc",
        postCid: "bafycard",
        pollAt: t.ctx.now(),
      })
      .returning();
    const bad = goodThread();
    (bad.thread.replies[1] as { post: { record: { text: unknown } } }).post.record.text = 42;
    for (const body of [JSON.stringify(bad), "not json", "[]", JSON.stringify({ thread: "x" }), "{}"]) {
      answer = body;
      await t.ctx.db.execute(sql`update bluesky_records set poll_at = now(), poll_attempts = 0`);
      await t.ctx.fediverse.bluesky.kick();
      expect(await t.ctx.db.select().from(comments)).toEqual([]);
      expect(await t.ctx.db.select().from(blueskyReplies)).toEqual([]);
      const [after] = await t.ctx.db.select().from(blueskyRecords).where(eq(blueskyRecords.id, row!.id));
      expect(after).toMatchObject({ likeCount: 0, repostCount: 0, pollAttempts: 1, pollLeasedAt: null });
      // Backed off: due again in two minutes.
      expect(after!.pollAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    }
    // A good answer then: all three replies, counted once each.
    answer = JSON.stringify(goodThread());
    await t.ctx.db.execute(sql`update bluesky_records set poll_at = now()`);
    await t.ctx.fediverse.bluesky.kick();
    await t.ctx.db.execute(sql`update bluesky_records set poll_at = now()`);
    await t.ctx.fediverse.bluesky.kick();
    expect(await t.ctx.db.select().from(blueskyReplies)).toHaveLength(3);
    const [read] = await t.ctx.db.select().from(blueskyRecords).where(eq(blueskyRecords.id, row!.id));
    expect(read).toMatchObject({ likeCount: 3, repostCount: 1, pollAttempts: 0 });
    // A new post: read again in two minutes (the falling schedule's first step).
    expect(read!.pollAt!.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60_000 + 5_000);
  });

  it("an avatar a thread names at a private address is never fetched", async () => {
    let hits = 0;
    const picture = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "image/png" }).end("x");
    });
    await new Promise<void>((resolve) => picture.listen(0, "127.0.0.1", resolve));
    const guarded = await buildTestApp({});
    try {
      const [reply] = parseCardThread(goodThread(), CARD)!.replies;
      const avatar = `http://127.0.0.1:${(picture.address() as AddressInfo).port}/a.png`;
      expect(await rememberAvatar(guarded.ctx, { ...reply!, avatar })).toBeNull();
      expect(hits).toBe(0);
    } finally {
      await guarded.close();
      picture.close();
    }
  });
});
