import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, comments } from "../db/schema";
import { DEMO_POST_COUNT, seedDemo } from "../db/seed";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [him, her, reader] = [await t.as("him"), await t.as("her"), await t.as("user")];
  await seedDemo(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

const demo = (method: "GET" | "DELETE", user?: TestUser, payload?: object) =>
  t.request({ method, url: "/api/admin/demo-posts", cookie: user?.cookie, payload });
const postCount = async () => (await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts)).length;

describe("/api/admin/demo-posts", () => {
  it("a visitor gets 401 and a reader 403, and nothing is removed", async () => {
    for (const method of ["GET", "DELETE"] as const) {
      expect((await demo(method)).statusCode).toBe(401);
      const res = await demo(method, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: "FORBIDDEN", message: "Only the blog's authors can do that." },
      });
    }
    expect(await postCount()).toBe(DEMO_POST_COUNT);
  });

  it("either author removes every untouched demo post of both blogs in one click, and keeps the rest", async () => {
    const own = await createPost(t.ctx, { author: "her", title: "My first real post" });
    // A demo post an author edited is theirs now; a comment on a removed one goes with it.
    const [edited, commented] = await t.ctx.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.author, "him"))
      .limit(2);
    await t.ctx.db.update(blogPosts).set({ lastUpdated: new Date() }).where(eq(blogPosts.id, edited!.id));
    await t.ctx.db
      .insert(comments)
      .values({ postId: commented!.id, userId: reader.id, author: "reader", content: "Nice" });
    // A reader's cached list goes at once.
    expect(
      (await t.request({ method: "GET", url: "/api/posts?author=him" })).json().items.length,
    ).toBeGreaterThan(0);

    expect((await demo("GET", him)).json()).toEqual({ count: DEMO_POST_COUNT - 1 });
    const res = await demo("DELETE", her);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: DEMO_POST_COUNT - 1 });

    const left = await t.ctx.db.select({ id: blogPosts.id }).from(blogPosts);
    expect(left.map((p) => p.id).sort()).toEqual([own.id, edited!.id].sort());
    expect(await t.ctx.db.select().from(comments).where(eq(comments.postId, commented!.id))).toEqual([]);
    const list = (await t.request({ method: "GET", url: "/api/posts?author=him" })).json();
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([edited!.id]);
    expect((await demo("GET", him)).json()).toEqual({ count: 0 });
    expect((await demo("DELETE", him)).json()).toEqual({ removed: 0 });
  });

  it("a body or a query is not part of the contract: 400, nothing removed", async () => {
    await seedDemo(t.ctx.db, t.ctx.storage).catch(() => 0);
    const before = await postCount();
    const unknown = { error: { code: "VALIDATION_ERROR", message: "Unknown field: all." } };
    const withBody = await demo("DELETE", him, { all: true });
    expect([withBody.statusCode, withBody.json()]).toEqual([400, unknown]);
    const withQuery = await t.request({
      method: "DELETE",
      url: "/api/admin/demo-posts?all=1",
      cookie: him.cookie,
    });
    expect([withQuery.statusCode, withQuery.json()]).toEqual([400, unknown]);
    expect(await postCount()).toBe(before);
  });
});
