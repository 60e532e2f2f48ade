import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady, pairsList, pairUnready } from "../../common/api/takes";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts, postPairs } from "../db/schema";
import { Outbox } from "../outbox";
import { Publishing } from "../posts/publishing";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// The reveal (docs/decisions/0046-two-takes.md): both takes public in one transaction, exactly
// once across processes, by the publishing claim; never one take alone.

let t: TestApp;
let roles: Roles;
const announced: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  t.ctx.events.subscribe({
    name: "test-announced",
    on: ["postBecamePublic"],
    handle: async (event) => {
      if (event.name === "postBecamePublic") announced.push(event.payload.post.id);
      return undefined;
    },
  });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
async function pairWithTakes(revealAt: string | null = null) {
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Lisbon", revealAt })
  ).json<PostPair>();
  await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
  const write = async (who: TestUser, author: string) =>
    (
      await requestAs(t, "POST", "/api/posts", who, {
        author,
        pairId: pair.id,
        title: `${author}'s take`,
        content: `<p>${author} wrote this.</p>`,
      })
    ).json<BlogPost>();
  return { id: pair.id, him: await write(roles.him, "him"), her: await write(roles.her, "her") };
}
const ready = (who: TestUser, id: string, yes = true) =>
  requestAs(t, yes ? "POST" : "DELETE", urlOf(yes ? pairReady : pairUnready, { id }), who);
const rowsOf = (pairId: string) =>
  t.ctx.db
    .select({
      id: blogPosts.id,
      status: blogPosts.status,
      date: blogPosts.date,
      announcedAt: blogPosts.announcedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.pairId, pairId));
const stateOf = async (id: string) =>
  (await t.ctx.db.select({ state: postPairs.state }).from(postPairs).where(eq(postPairs.id, id)))[0]!.state;

/** Two other "processes" whose clock is `at`. */
function processes(at: () => Date) {
  return [0, 1].map(() => {
    const events = new Outbox({ db: t.ctx.db, notify: false, now: at });
    return { events, publishing: new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events, now: at }) };
  });
}
async function close(workers: ReturnType<typeof processes>) {
  for (const w of workers) {
    await w.publishing.close();
    await w.events.close();
  }
}

describe("two takes › the reveal", () => {
  it("when both takes are ready, both go public together, announced once each", async () => {
    const pair = await pairWithTakes();
    const first = await ready(roles.her, pair.id);
    expect(first.json<PostPair>().state).toBe("accepted");
    await t.ctx.publishing.kick();
    expect((await rowsOf(pair.id)).every((r) => r.status === "draft")).toBe(true);
    const second = await ready(roles.him, pair.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<PostPair>()).toMatchObject({
      state: "revealed",
      takes: { him: "ready", her: "ready" },
    });
    expect(second.json<PostPair>().revealedAt).not.toBeNull();
    const rows = await rowsOf(pair.id);
    expect(rows.map((r) => r.status)).toEqual(["published", "published"]);
    // One transaction: one time for both.
    expect(rows[0]!.date.getTime()).toBe(rows[1]!.date.getTime());
    await t.ctx.publishing.kick();
    for (const take of [pair.him, pair.her]) expect(announced.filter((id) => id === take.id)).toHaveLength(1);
    // Each now reads the other's take, as everyone does.
    const hers = await requestAs(t, "GET", `/api/posts/${pair.her.id}`, null);
    expect(hers.statusCode).toBe(200);
    // After the reveal a take is not un-readied.
    expect((await ready(roles.her, pair.id, false)).statusCode).toBe(409);
  });

  it("never reveals one take alone: one ready, or a ready take deleted", async () => {
    const pair = await pairWithTakes();
    await ready(roles.her, pair.id);
    await t.ctx.publishing.kick();
    expect(await stateOf(pair.id)).toBe("accepted");
    expect((await rowsOf(pair.id)).map((r) => r.status)).toEqual(["draft", "draft"]);
    // A pair whose ready take was deleted waits for it to be written again.
    const gone = await pairWithTakes();
    await ready(roles.her, gone.id);
    await t.ctx.db.update(postPairs).set({ himReadyAt: new Date() }).where(eq(postPairs.id, gone.id));
    await requestAs(t, "DELETE", `/api/posts/${gone.her.id}`, roles.her);
    await t.ctx.publishing.kick();
    expect(await stateOf(gone.id)).toBe("accepted");
    expect((await rowsOf(gone.id)).map((r) => r.status)).toEqual(["draft"]);
  });

  it("a deleted take forgets its ready: written again, it is 'writing' and nothing is revealed", async () => {
    const pair = await pairWithTakes();
    await ready(roles.her, pair.id);
    expect((await requestAs(t, "DELETE", `/api/posts/${pair.her.id}`, roles.her)).statusCode).toBe(204);
    const [row] = await t.ctx.db.select().from(postPairs).where(eq(postPairs.id, pair.id));
    expect(row!.herReadyAt).toBeNull();
    const again = await requestAs(t, "POST", "/api/posts", roles.her, {
      author: "her",
      pairId: pair.id,
      title: "Her second take",
      content: "<p>Again.</p>",
    });
    expect(again.statusCode, again.body).toBe(201);
    const seen = (await requestAs(t, "GET", urlOf(pairsList), roles.him)).json<PostPair[]>();
    expect(seen.find((p) => p.id === pair.id)!.takes.her).toBe("writing");
    await ready(roles.him, pair.id);
    await t.ctx.publishing.kick();
    expect(await stateOf(pair.id)).toBe("accepted");
    expect((await rowsOf(pair.id)).map((r) => r.status)).toEqual(["draft", "draft"]);
  });

  it("with a reveal date, waits for it; un-readied before it, it waits for the take", async () => {
    const revealAt = new Date(Date.now() + HOUR).toISOString();
    const pair = await pairWithTakes(revealAt);
    await ready(roles.her, pair.id);
    expect((await ready(roles.him, pair.id)).json<PostPair>().state).toBe("accepted");
    expect((await rowsOf(pair.id)).every((r) => r.status === "draft")).toBe(true);
    const unready = await pairWithTakes(revealAt);
    await ready(roles.her, unready.id);
    await ready(roles.him, unready.id);
    await ready(roles.him, unready.id, false);
    // The date comes.
    const workers = processes(() => new Date(Date.now() + 2 * HOUR));
    await workers[0]!.publishing.claimDue();
    await close(workers);
    expect(await stateOf(pair.id)).toBe("revealed");
    expect((await rowsOf(pair.id)).every((r) => r.status === "published")).toBe(true);
    expect(await stateOf(unready.id)).toBe("accepted");
    // Each author is told the date passed with a take missing (the server's clock decides).
    const listed = async (who: TestUser) =>
      (await requestAs(t, "GET", urlOf(pairsList), who)).json<PostPair[]>().find((p) => p.id === unready.id)!;
    expect((await listed(roles.him)).revealDatePassed).toBe(false);
    await t.ctx.db
      .update(postPairs)
      .set({ revealAt: new Date(Date.now() - HOUR) })
      .where(eq(postPairs.id, unready.id));
    for (const who of [roles.him, roles.her]) {
      const seen = await listed(who);
      expect(seen.revealDatePassed).toBe(true);
      expect(seen.state).toBe("accepted");
    }
    // A revealed pair has nothing to be told.
    await t.ctx.db
      .update(postPairs)
      .set({ revealAt: new Date(Date.now() - HOUR) })
      .where(eq(postPairs.id, pair.id));
    expect(
      (await requestAs(t, "GET", urlOf(pairsList), roles.her))
        .json<PostPair[]>()
        .find((p) => p.id === pair.id)!.revealDatePassed,
    ).toBe(false);
  });

  it("is claimed by one of two processes only: the pair revealed once, each take announced once", async () => {
    const pair = await pairWithTakes(new Date(Date.now() + HOUR).toISOString());
    await ready(roles.her, pair.id);
    await ready(roles.him, pair.id);
    const seen: string[] = [];
    const workers = processes(() => new Date(Date.now() + 2 * HOUR));
    for (const [i, w] of workers.entries())
      w.events.subscribe({
        name: `test-reveal-${i}`,
        on: ["postBecamePublic"],
        handle: async (event, _tx: Db) => {
          if (event.name === "postBecamePublic") seen.push(event.payload.post.id);
          return undefined;
        },
      });
    const claimed = await Promise.all(workers.map((w) => w.publishing.claimDue()));
    await close(workers);
    const takes = [pair.him.id, pair.her.id];
    expect(
      claimed
        .flat()
        .filter((id) => takes.includes(id))
        .sort(),
    ).toEqual([...takes].sort());
    expect(seen.filter((id) => takes.includes(id)).sort()).toEqual([...takes].sort());
    // Both in the same claim: one process announced both.
    expect(claimed.filter((ids) => ids.some((id) => takes.includes(id)))).toHaveLength(1);
    expect(await stateOf(pair.id)).toBe("revealed");
  });
});
