import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, fediverseQueue } from "../db/schema";
import { freePort } from "../test/free-port";
import { type MastodonPeer, startMastodonPeer } from "../test/mastodon-peer";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { remoteUserId } from "./remote-people";

// Duet and a peer written without Fedify (Mastodon's draft-cavage signatures and shapes), over
// real HTTP. The clock runs 50 times slower than real time, so "a minute" of the reply limits
// holds however slow a shared machine is.
let t: TestApp;
let bob: MastodonPeer;
let her: TestUser;
let duet = "";
let postId = "";
const started = Date.now();
const slowClock = () => new Date(started + (Date.now() - started) / 50);

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const queueEmpty = () =>
  waitFor(async () => (await t.ctx.db.select().from(fediverseQueue)).length === 0, "an empty queue");
const herInbox = () => `${duet}/ap/users/her/inbox`;
const bobsComments = () =>
  t.ctx.db
    .select({ status: comments.status, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.userId, remoteUserId(bob.actorUri)));
const followers = async (who: TestUser) =>
  (
    (
      await t.request({ method: "GET", url: "/api/admin/fediverse/followers", cookie: who.cookie })
    ).json() as {
      total: number;
    }
  ).total;
const reply = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `${bob.origin}/users/bob/statuses/${n}/activity`,
  type: "Create",
  actor: bob.actorUri,
  to: ["https://www.w3.org/ns/activitystreams#Public"],
  object: {
    id: `${bob.origin}/users/bob/statuses/${n}`,
    type: "Note",
    attributedTo: bob.actorUri,
    content: `<p>Reply ${n}</p>`,
    inReplyTo: `${duet}/ap/posts/${postId}`,
    to: ["https://www.w3.org/ns/activitystreams#Public"],
  },
  ...extra,
});

beforeAll(async () => {
  bob = await startMastodonPeer();
  const port = await freePort();
  duet = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ PUBLIC_URL: duet, FEDIVERSE_ALLOW_PRIVATE: "true" }, { now: slowClock });
  await t.app.listen({ port, host: "127.0.0.1" });
  her = await t.as("her");
}, 180_000);
afterAll(async () => {
  await t?.close();
  await bob?.close();
});

describe("Duet and a Mastodon-like peer without Fedify", { timeout: 120_000 }, () => {
  it("bob follows her; the Accept's first delivery signs draft-cavage and names Duet", async () => {
    const res = await bob.send(herInbox(), {
      id: `${bob.origin}/follows/1`,
      type: "Follow",
      actor: bob.actorUri,
      object: `${duet}/ap/users/her`,
    });
    expect(res.status, res.body).toBe(202);
    const accept = await waitFor(async () => bob.deliveries.find((d) => d.body.type === "Accept"), "Accept");
    // The first knock is draft-cavage, as Mastodon signs: no 401 and no second try.
    expect(bob.deliveries[0]).toMatchObject({ spec: "draft-cavage", verified: true, status: 202 });
    expect(bob.deliveries.filter((d) => d.status === 401)).toEqual([]);
    expect(accept.userAgent).toBe(`Duet/0.1.0 (Fedify; +${duet}/)`);
    expect(await followers(her)).toBe(1);
  });

  it("her post reaches bob; his reply becomes a comment", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: "Interop", content: "<p>Hello</p>", author: "her" },
    });
    postId = (res.json() as { id: string }).id;
    const create = await waitFor(async () => bob.deliveries.find((d) => d.body.type === "Create"), "Create");
    expect(create.userAgent).toMatch(/^Duet\//);
    const sent = await bob.send(herInbox(), reply(1));
    expect(sent.status, sent.body).toBe(202);
    await waitFor(async () => (await bobsComments()).length === 1, "bob's comment");
  });

  it("refuses objects and activities whose id is not on the actor's server, for every type", async () => {
    const elsewhere = "http://127.0.0.1:9/users/carol/statuses/1";
    const note = reply(2).object;
    const cases: Record<string, unknown>[] = [
      reply(2, { id: `${elsewhere}/activity` }),
      reply(3, { object: { ...note, id: elsewhere } }),
      reply(4, { object: { ...note, attributedTo: "http://127.0.0.1:9/users/carol" } }),
      { ...reply(5), type: "Update", object: { ...note, id: elsewhere } },
      { id: `${bob.origin}/d/1`, type: "Delete", actor: bob.actorUri, object: elsewhere },
      { id: `${elsewhere}#like`, type: "Like", actor: bob.actorUri, object: `${duet}/ap/posts/${postId}` },
      {
        id: `${bob.origin}/undo/1`,
        type: "Undo",
        actor: bob.actorUri,
        object: {
          id: `${elsewhere}#follow`,
          type: "Follow",
          actor: bob.actorUri,
          object: `${duet}/ap/users/her`,
        },
      },
    ];
    for (const activity of cases) {
      const res = await bob.send(herInbox(), activity);
      expect(res.status, `${activity.type}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: "INVALID_ORIGIN" } });
    }
    await queueEmpty();
    expect(await bobsComments()).toHaveLength(1);
    expect(await followers(her)).toBe(1);
  });

  it("answers a signed activity of no or an unknown type with 400", async () => {
    const { type: _, ...untyped } = reply(6);
    expect((await bob.send(herInbox(), untyped)).status).toBe(400);
    const move = await bob.send(herInbox(), { ...untyped, type: "Move" });
    expect([move.status, JSON.parse(move.body).error.code]).toEqual([400, "UNSUPPORTED_ACTIVITY"]);
  });

  it("holds his replies above the readers' 30 a minute for review, publishing none of them", async () => {
    for (let n = 10; n < 40; n++) expect((await bob.send(herInbox(), reply(n))).status).toBe(202);
    await queueEmpty();
    const mine = await bobsComments();
    expect(mine).toHaveLength(31);
    expect(mine.filter((c) => c.status === "published")).toHaveLength(30);
    const review = (
      await t.request({ method: "GET", url: "/api/moderation", cookie: her.cookie })
    ).json() as {
      held: unknown[];
    };
    expect(review.held).toHaveLength(1);
  });

  it("his account's Delete removes him from followers and held follows; his comments go", async () => {
    const him = await t.as("him");
    await t.request({
      method: "PUT",
      url: "/api/admin/fediverse/settings",
      cookie: him.cookie,
      payload: { approveFollowers: true },
    });
    const follow = await bob.send(`${duet}/ap/users/him/inbox`, {
      id: `${bob.origin}/follows/2`,
      type: "Follow",
      actor: bob.actorUri,
      object: `${duet}/ap/users/him`,
    });
    expect(follow.status).toBe(202);
    const requests = async () =>
      (
        (
          await t.request({ method: "GET", url: "/api/admin/fediverse/follow-requests", cookie: him.cookie })
        ).json() as { total: number }
      ).total;
    await waitFor(async () => (await requests()) === 1, "his held follow");
    // As Mastodon does: the account is gone (410) and its last, signed word is Delete of itself.
    bob.gone = true;
    const res = await bob.send(herInbox(), {
      id: `${bob.actorUri}#delete`,
      type: "Delete",
      actor: bob.actorUri,
      object: bob.actorUri,
      to: ["https://www.w3.org/ns/activitystreams#Public"],
    });
    expect(res.status, res.body).toBe(202);
    // Its comments go last (one by one): waited for, then the rest is already done.
    const left = () =>
      t.ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.userId, remoteUserId(bob.actorUri)), eq(comments.postId, postId)));
    await waitFor(async () => (await left()).every((c) => c.deletedAt), "his comments gone");
    expect(await followers(her)).toBe(0);
    expect(await requests()).toBe(0);
    // Nothing goes to his dead inbox any more.
    const before = bob.deliveries.length;
    await t.request({
      method: "POST",
      url: "/api/posts",
      cookie: her.cookie,
      payload: { title: "After", content: "<p>Later</p>", author: "her" },
    });
    await queueEmpty();
    expect(bob.deliveries.length).toBe(before);
  });
});
