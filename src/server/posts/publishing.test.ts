import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { Publishing } from "./publishing";

// The once-only "post became public" event (docs/decisions/0009): claimed through the database,
// so however many processes run the claim, each post is announced once.

let t: TestApp;
let him: TestUser;
const announced: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  t.ctx.publishing.onBecamePublic(async (post) => {
    announced.push(post.id);
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
      const p = new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events: t.ctx.events, now: later });
      p.onBecamePublic(async (published, tx: Db) => {
        seen[i]!.push(published.id);
        // Work done with tx is kept exactly when the claim is.
        await tx.update(blogPosts).set({ likes: 7 }).where(eq(blogPosts.id, published.id));
      });
      return p;
    });
    const claimed = await Promise.all(workers.map((w) => w.claimDue()));
    expect(claimed.flat().filter((id) => id === post.id)).toHaveLength(1);
    expect([...seen[0]!, ...seen[1]!].filter((id) => id === post.id)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.likes).toBe(7);
    expect(row!.status).toBe("published");
    await Promise.all(workers.map((w) => w.close()));
  });

  it("a handler that fails rolls the claim back, so it is tried again", async () => {
    const post = await create({
      status: "scheduled",
      publishAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const later = () => new Date(Date.now() + 120_000);
    const failing = new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events: t.ctx.events, now: later });
    failing.onBecamePublic(async () => {
      throw new Error("queue is down");
    });
    await expect(failing.claimDue()).rejects.toThrow("queue is down");
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.announcedAt).toBeNull();
    await failing.close();

    const working = new Publishing({ db: t.ctx.db, cache: t.ctx.cache, events: t.ctx.events, now: later });
    const got: string[] = [];
    working.onBecamePublic(async (p) => {
      got.push(p.id);
    });
    expect(await working.claimDue()).toContain(post.id);
    expect(got).toContain(post.id);
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
