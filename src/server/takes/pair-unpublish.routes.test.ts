import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady } from "../../common/api/takes";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { domainEvents, postPairs } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Decision 0046: a revealed pair is unpublished, republished or deleted as a whole, by either
// author through either take, in one transaction, with the event of each take.

let t: TestApp;
let roles: Roles;
let n = 0;

interface Revealed {
  pairId: string;
  his: BlogPost;
  hers: BlogPost;
}

async function revealedPair(): Promise<Revealed> {
  n += 1;
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.her, { topic: `Topic ${n}` })
  ).json<PostPair>();
  await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.him);
  const write = async (who: TestUser, author: "him" | "her") => {
    const body = { author, pairId: pair.id, title: `Take ${author} ${n}`, content: `<p>${author} ${n}</p>` };
    const res = await requestAs(t, "POST", "/api/posts", who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<BlogPost>();
  };
  const hers = await write(roles.her, "her");
  const his = await write(roles.him, "him");
  await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.her);
  await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.him);
  for (const take of [his, hers]) expect(await visible(take)).toBe(true);
  return { pairId: pair.id, his, hers };
}

/** A visitor reads the take through the API and its page. */
async function visible(post: BlogPost): Promise<boolean> {
  const api = await requestAs(t, "GET", `/api/posts/${post.id}`, null);
  const page = await requestAs(t, "GET", `/post/${post.slug}`, null);
  expect(api.statusCode === 200).toBe(page.statusCode === 200);
  return api.statusCode === 200;
}

const changedEvents = async (postId: string) =>
  (
    await t.ctx.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, "postChanged"), sql`${domainEvents.payload}->>'postId' = ${postId}`))
  ).length;

const pairRow = async (id: string) =>
  (await t.ctx.db.select().from(postPairs).where(eq(postPairs.id, id)))[0];

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
});
afterAll(() => t.close());

describe("two takes › unpublishing and deleting a revealed pair", () => {
  for (const [label, actor, take] of [
    ["its author, through their own take", "him", "his"],
    ["the other author, through their own take", "her", "hers"],
    ["the other author, through the partner's take", "her", "his"],
  ] as const) {
    it(`unpublishing by ${label} hides both takes, records it on the pair and one event per take`, async () => {
      const p = await revealedPair();
      const before = [await changedEvents(p.his.id), await changedEvents(p.hers.id)];
      const res = await requestAs(t, "PATCH", `/api/posts/${p[take].id}`, roles[actor], { status: "draft" });
      expect(res.statusCode, res.body).toBe(200);
      expect(await visible(p.his)).toBe(false);
      expect(await visible(p.hers)).toBe(false);
      expect([await changedEvents(p.his.id), await changedEvents(p.hers.id)]).toEqual(
        before.map((x) => x + 1),
      );
      const row = await pairRow(p.pairId);
      expect(row).toMatchObject({ state: "revealed", unpublishedBy: actor });
      expect(row!.unpublishedAt).toBeInstanceOf(Date);

      // Republishing follows the same rule: both or neither, and the record is cleared.
      const again = await requestAs(t, "PATCH", `/api/posts/${p.hers.id}`, roles.him, {
        status: "published",
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(await visible(p.his)).toBe(true);
      expect(await visible(p.hers)).toBe(true);
      expect(await pairRow(p.pairId)).toMatchObject({ unpublishedBy: null, unpublishedAt: null });
    });

    it(`deleting by ${label} deletes both takes and the pair, one event per take`, async () => {
      const p = await revealedPair();
      const before = [await changedEvents(p.his.id), await changedEvents(p.hers.id)];
      const res = await requestAs(t, "DELETE", `/api/posts/${p[take].id}`, roles[actor]);
      expect(res.statusCode, res.body).toBe(204);
      for (const post of [p.his, p.hers]) {
        expect((await requestAs(t, "GET", `/api/posts/${post.id}`, null)).statusCode).toBe(404);
        expect((await requestAs(t, "GET", `/post/${post.slug}`, null)).statusCode).toBe(404);
        expect((await requestAs(t, "GET", `/api/posts/${post.id}`, roles.him)).statusCode).toBe(404);
      }
      expect([await changedEvents(p.his.id), await changedEvents(p.hers.id)]).toEqual(
        before.map((x) => x + 1),
      );
      expect(await pairRow(p.pairId)).toBeUndefined();
    });
  }

  it("the partner may change only the status of the other's take, nothing it says", async () => {
    const p = await revealedPair();
    const edit = await requestAs(t, "PATCH", `/api/posts/${p.his.id}`, roles.her, {
      status: "draft",
      title: "Mine",
    });
    expect(edit.statusCode).toBe(403);
    expect(await visible(p.his)).toBe(true);
  });

  it("a reader and a visitor may neither unpublish nor delete a take", async () => {
    const p = await revealedPair();
    for (const [who, code] of [
      [roles.reader, 403],
      [null, 401],
    ] as const) {
      expect(
        (await requestAs(t, "PATCH", `/api/posts/${p.his.id}`, who, { status: "draft" })).statusCode,
      ).toBe(code);
      expect((await requestAs(t, "DELETE", `/api/posts/${p.his.id}`, who)).statusCode).toBe(code);
    }
    expect(await visible(p.his)).toBe(true);
    expect(await visible(p.hers)).toBe(true);
  });

  it("a take of an unrevealed pair is deleted alone, by its author only, its ready time cleared", async () => {
    n += 1;
    const pair = (
      await requestAs(t, "POST", urlOf(pairPropose), roles.her, { topic: `Open ${n}` })
    ).json<PostPair>();
    await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.him);
    const mine = (
      await requestAs(t, "POST", "/api/posts", roles.her, {
        author: "her",
        pairId: pair.id,
        title: `Open her ${n}`,
        content: "<p>open</p>",
      })
    ).json<BlogPost>();
    await requestAs(t, "POST", urlOf(pairReady, { id: pair.id }), roles.her);
    expect((await requestAs(t, "DELETE", `/api/posts/${mine.id}`, roles.him)).statusCode).toBe(403);
    expect((await requestAs(t, "DELETE", `/api/posts/${mine.id}`, roles.her)).statusCode).toBe(204);
    expect(await pairRow(pair.id)).toMatchObject({ state: "accepted", herReadyAt: null });
  });
});
