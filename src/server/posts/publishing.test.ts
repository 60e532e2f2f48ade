import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { Outbox } from "../outbox";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { Publishing } from "./publishing";

// The once-only "post became public" event (docs/decisions/0009, 0043): claimed through the
// database, so however many processes run the claim, each post is announced once.

let t: TestApp;
let him: TestUser;
const announced: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
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

async function create(extra: Record<string, unknown>): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: { title: "T", content: "<p>c</p>", author: "him", ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const settle = () => t.ctx.publishing.kick();

describe("post became public", () => {
  it("fires once for a post published at once, never for a draft", async () => {
    const post = await create({});
    const draft = await create({ status: "draft" });
    await settle();
    expect(announced.filter((id) => id === post.id)).toHaveLength(1);
    expect(announced).not.toContain(draft.id);
    // Edits and further runs do not announce it again.
    await t.request({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      cookie: him.cookie,
      payload: { title: "T2" },
    });
    await settle();
    await settle();
    expect(announced.filter((id) => id === post.id)).toHaveLength(1);
  });

  it("fires for a draft when it is published, and not again when it is unpublished and republished", async () => {
    const draft = await create({ status: "draft" });
    const publish = (status: string) =>
      t.request({ method: "PATCH", url: `/api/posts/${draft.id}`, cookie: him.cookie, payload: { status } });
    await publish("published");
    await settle();
    await publish("draft");
    await publish("published");
    await settle();
    expect(announced.filter((id) => id === draft.id)).toHaveLength(1);
  });

  it("is claimed by one of several processes only, and the claim holds the handler's writes", async () => {
    const post = await create({
      status: "scheduled",
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(announced).not.toContain(post.id);
    // Its time comes (the clock of two other "processes" moves on).
    const later = () => new Date(Date.now() + 120_000);
    const seen: string[][] = [[], []];
    const workers = [0, 1].map((i) => {
      const events = new Outbox({ db: t.ctx.db, notify: false, now: later });
      events.subscribe({
        name: `test-claim-${i}`,
        on: ["postBecamePublic"],
        handle: async (event, tx: Db) => {
          if (event.name !== "postBecamePublic") return undefined;
          seen[i]!.push(event.payload.post.id);
          // Work done with tx is kept exactly when the delivery is marked done.
          await tx.update(blogPosts).set({ likes: 7 }).where(eq(blogPosts.id, event.payload.post.id));
          return undefined;
        },
      });
      return { events, publishing: new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events, now: later }) };
    });
    const claimed = await Promise.all(workers.map((w) => w.publishing.claimDue()));
    expect(claimed.flat().filter((id) => id === post.id)).toHaveLength(1);
    expect([...seen[0]!, ...seen[1]!].filter((id) => id === post.id)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.likes).toBe(7);
    expect(row!.status).toBe("published");
    for (const w of workers) {
      await w.publishing.close();
      await w.events.close();
    }
  });

  it("a subscriber that fails keeps the claim and is tried again, by this process or another", async () => {
    const post = await create({
      status: "scheduled",
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    });
    let clock = Date.now() + 120_000;
    const later = () => new Date(clock);
    const failing = new Outbox({ db: t.ctx.db, notify: false, now: later });
    failing.subscribe({
      name: "test-retried",
      on: ["postBecamePublic"],
      handle: async () => Promise.reject(new Error("queue is down")),
    });
    const publishing = new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events: failing, now: later });
    expect(await publishing.claimDue()).toContain(post.id);
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.announcedAt).not.toBeNull();
    await publishing.close();
    await failing.close();

    const working = new Outbox({ db: t.ctx.db, notify: false, now: later });
    const got: string[] = [];
    working.subscribe({
      name: "test-retried",
      on: ["postBecamePublic"],
      handle: async (event) => {
        if (event.name === "postBecamePublic") got.push(event.payload.post.id);
        return undefined;
      },
    });
    await working.kick();
    expect(got).toEqual([]);
    // Its retry time comes.
    clock += 2 * 60_000;
    await working.kick();
    expect(got).toEqual([post.id]);
    await working.kick();
    expect(got).toEqual([post.id]);
    await working.close();
  });

  it("posts written without the studio (seeded, imported) count as already announced", async () => {
    const [row] = await t.ctx.db
      .insert(blogPosts)
      .values({ title: "Imported", content: "<p>x</p>", author: "her" })
      .returning();
    await settle();
    expect(announced).not.toContain(row!.id);
  });
});
