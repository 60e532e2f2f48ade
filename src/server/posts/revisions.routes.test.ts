import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, Page, PostRevisionSummary, RevisionComparison } from "../../common/types";
import { domainEvents, eventDeliveries, fediversePosts, postRevisions } from "../db/schema";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

let t: TestApp;
let him: TestUser;
let her: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  him = await t.as("him");
  her = await t.as("her");
  reader = await t.as("user");
});
afterAll(() => t.close());

const image = (id: string) => ({
  id,
  url: `/uploads/blog-images/1700000000000_${id}.png`,
  position: "center",
  size: "medium",
  pairedWith: null,
});

async function create(extra: Record<string, unknown> = {}): Promise<BlogPost> {
  const res = await t.request({
    method: "POST",
    url: "/api/posts",
    cookie: him.cookie,
    payload: {
      title: "First title",
      content: "<p>One.</p><p>Two.</p>",
      author: "him",
      hashtags: ["alpha", "beta"],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const edit = (id: string, payload: Record<string, unknown>, user = him) =>
  t.request({ method: "PATCH", url: `/api/posts/${id}`, cookie: user.cookie, payload });

const list = async (id: string, query = "") => {
  const res = await t.request({
    method: "GET",
    url: `/api/posts/${id}/revisions${query}`,
    cookie: him.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<PostRevisionSummary>;
};

const revisionCount = async (postId: string) =>
  (await t.ctx.db.select({ n: count() }).from(postRevisions).where(eq(postRevisions.postId, postId)))[0]!.n;

describe("revisions are kept on every save", () => {
  it("lists create and edits newest first, skipping a save that changed nothing kept", async () => {
    const post = await create();
    await edit(post.id, { title: "Second title" });
    await edit(post.id, { content: "<p>One.</p><p>Three.</p>" });
    // A save that changes nothing the author wrote, nor the post's life (revisions-life test).
    await edit(post.id, { title: "Second title" });
    const page = await list(post.id);
    expect(page.items.map((r) => [r.kind, r.title])).toEqual([
      ["edit", "Second title"],
      ["edit", "Second title"],
      ["create", "First title"],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("folds consecutive autosaves into one revision, and keeps explicit saves apart", async () => {
    const post = await create();
    for (const n of [1, 2, 3]) await edit(post.id, { title: `Typing ${n}`, autosave: true });
    expect(await revisionCount(post.id)).toBe(2);
    await edit(post.id, { title: "Saved" });
    await edit(post.id, { title: "Typing again", autosave: true });
    const page = await list(post.id);
    expect(page.items.map((r) => [r.kind, r.title])).toEqual([
      ["autosave", "Typing again"],
      ["edit", "Saved"],
      ["autosave", "Typing 3"],
      ["create", "First title"],
    ]);
  });

  it("pages with a cursor, without gaps or repeats, and refuses a bad limit or cursor", async () => {
    const post = await create();
    for (let i = 0; i < 5; i++) await edit(post.id, { title: `Title ${i}` });
    const first = await list(post.id, "?limit=4");
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await list(post.id, `?limit=4&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const titles = [...first.items, ...second.items].map((r) => r.title);
    expect(new Set(titles).size).toBe(6);
    for (const [query, message] of [
      ["?limit=0", "limit must be a whole number from 1 to 50."],
      ["?limit=abc", "limit must be a whole number from 1 to 50."],
      ["?cursor=-1", "cursor is not valid."],
      ["?cursor=7", "cursor is not valid."],
      [`?cursor=${Buffer.from("seq|0").toString("base64url")}`, "cursor is not valid."],
      ["?cursor=a%2Bb", "cursor is not valid."],
      [`?cursor=${"9".repeat(5000)}`, "cursor is not valid."],
      ["?sort=asc", "Unknown field: sort."],
    ]) {
      const res = await t.request({
        method: "GET",
        url: `/api/posts/${post.id}/revisions${query}`,
        cookie: him.cookie,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
  });
});

describe("comparing a revision", () => {
  it("shows what it changed from the previous one, and what restoring it would change now", async () => {
    const post = await create({ images: [image("a")] });
    await edit(post.id, {
      title: "First title, longer",
      content: "<p>One.</p><p>Two and a half.</p>",
      hashtags: ["alpha", "gamma"],
      images: [image("a"), image("b")],
    });
    const [latest, first] = (await list(post.id)).items;
    const res = await t.request({
      method: "GET",
      url: `/api/posts/${post.id}/revisions/${latest!.id}`,
      cookie: him.cookie,
    });
    expect(res.statusCode).toBe(200);
    const cmp = res.json() as RevisionComparison;
    expect(cmp.against).toBe("previous");
    expect(cmp.baseRevisionId).toBe(first!.id);
    expect(cmp.changed).toBe(true);
    expect(cmp.changes.title).toEqual([{ value: "First title" }, { value: ", longer", added: true }]);
    expect(cmp.changes.content).toEqual([
      { value: "<p>One.</p>\n" },
      { value: "<p>Two.</p>\n", removed: true },
      { value: "<p>Two and a half.</p>\n", added: true },
    ]);
    expect(cmp.changes.hashtags).toEqual({ added: ["gamma"], removed: ["beta"] });
    expect(cmp.changes.images).toEqual({ added: [image("b").url], removed: [] });
    expect(cmp.changes.thumbnail).toBeNull();
    expect(cmp.revision.content).toBe("<p>One.</p><p>Two and a half.</p>");

    const vsNow = await t.request({
      method: "GET",
      url: `/api/posts/${post.id}/revisions/${first!.id}?against=current`,
      cookie: him.cookie,
    });
    const restoreWould = vsNow.json() as RevisionComparison;
    expect(restoreWould.against).toBe("current");
    expect(restoreWould.changes.hashtags).toEqual({ added: ["beta"], removed: ["gamma"] });
    const sameAsNow = await t.request({
      method: "GET",
      url: `/api/posts/${post.id}/revisions/${latest!.id}?against=current`,
      cookie: him.cookie,
    });
    expect((sameAsNow.json() as RevisionComparison).changed).toBe(false);
  });

  it("refuses a bad 'against', an unknown field, and an unknown or malformed revision id", async () => {
    const post = await create();
    const other = await create();
    const [rev] = (await list(other.id)).items;
    for (const [url, status, message] of [
      [`/api/posts/${post.id}/revisions/x?against=later`, 400, "against must be 'previous' or 'current'."],
      [`/api/posts/${post.id}/revisions/x?foo=1`, 400, "Unknown field: foo."],
      [`/api/posts/${post.id}/revisions/not-a-uuid`, 404, "Revision not found"],
      // A revision of another post is not this post's.
      [`/api/posts/${post.id}/revisions/${rev!.id}`, 404, "Revision not found"],
      [`/api/posts/not-a-uuid/revisions/${rev!.id}`, 404, "Post not found"],
    ] as const) {
      const res = await t.request({ method: "GET", url, cookie: him.cookie });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe("restoring a revision", () => {
  it("brings its text back, keeps the status, and is itself a revision", async () => {
    const post = await create({ status: "draft" });
    await edit(post.id, { title: "Rewritten", content: "<p>All new.</p>", hashtags: ["new"] });
    const [, first] = (await list(post.id)).items;
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${post.id}/revisions/${first!.id}/restore`,
      cookie: him.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json() as BlogPost;
    expect(restored.title).toBe("First title");
    expect(restored.content).toBe("<p>One.</p><p>Two.</p>");
    expect(restored.hashtags).toEqual(["alpha", "beta"]);
    expect(restored.status).toBe("draft");
    expect(restored.lastUpdated).not.toBeNull();
    const page = await list(post.id);
    expect(page.items[0]).toMatchObject({ kind: "restore", restoredFrom: first!.id, title: "First title" });
    expect(page.items).toHaveLength(3);
  });

  it("shows the restored text to readers at once (public cache dropped)", async () => {
    const post = await create({ title: "Original" });
    expect((await t.request({ method: "GET", url: `/api/posts/${post.id}` })).json().title).toBe("Original");
    await edit(post.id, { title: "Changed" });
    const [, first] = (await list(post.id)).items;
    await t.request({
      method: "POST",
      url: `/api/posts/${post.id}/revisions/${first!.id}/restore`,
      cookie: him.cookie,
    });
    expect((await t.request({ method: "GET", url: `/api/posts/${post.id}` })).json().title).toBe("Original");
  });

  it("records the event an edit records, so the social web gets an Update of a federated post", async () => {
    const post = await create({ title: "Told the followers" });
    // Public, so the social web has it (its Create is queued) and must hear of what changes.
    await t.ctx.db.insert(fediversePosts).values({ postId: post.id, author: "him" }).onConflictDoNothing();
    await edit(post.id, { title: "Changed" });
    const [, first] = (await list(post.id)).items;
    // The social web's subscriber handled each of the post's events before the answer.
    const handled = async () =>
      t.ctx.db
        .select({ name: domainEvents.name })
        .from(domainEvents)
        .innerJoin(eventDeliveries, eq(eventDeliveries.eventId, domainEvents.id))
        .where(
          and(
            sql`${domainEvents.payload}->>'postId' = ${post.id}`,
            eq(eventDeliveries.subscriber, "social-web-posts"),
            eq(eventDeliveries.status, "done"),
          ),
        );
    expect(await handled()).toEqual([{ name: "postChanged" }]);
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${post.id}/revisions/${first!.id}/restore`,
      cookie: him.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await handled()).toEqual([{ name: "postChanged" }, { name: "postChanged" }]);
  });

  it("refuses a body with fields, and cross-site requests", async () => {
    const post = await create();
    const [rev] = (await list(post.id)).items;
    const url = `/api/posts/${post.id}/revisions/${rev!.id}/restore`;
    const bad = await t.request({ method: "POST", url, cookie: him.cookie, payload: { force: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Unknown field: force.");
    const cross = await t.request({
      method: "POST",
      url,
      cookie: him.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(cross.statusCode).toBe(403);
    expect(await revisionCount(post.id)).toBe(1);
  });
});

describe("role matrix", () => {
  it("visitor 401; reader and the other author 403 on a public post, 404 on a draft; the owner 200", async () => {
    const published = await create();
    const draft = await create({ status: "draft" });
    for (const post of [published, draft]) {
      const [rev] = (await list(post.id)).items;
      const urls: Array<["GET" | "POST", string]> = [
        ["GET", `/api/posts/${post.id}/revisions`],
        ["GET", `/api/posts/${post.id}/revisions/${rev!.id}`],
        ["POST", `/api/posts/${post.id}/revisions/${rev!.id}/restore`],
      ];
      for (const [method, url] of urls) {
        expect((await t.request({ method, url })).statusCode, `visitor ${url}`).toBe(401);
        for (const user of [reader, her]) {
          const res = await t.request({ method, url, cookie: user.cookie });
          expect(res.statusCode, `${user.email} ${url}`).toBe(post === draft ? 404 : 403);
          expect(res.json().error.code).toBe(post === draft ? "NOT_FOUND" : "FORBIDDEN");
        }
        expect((await t.request({ method, url, cookie: him.cookie })).statusCode, `owner ${url}`).toBe(200);
      }
    }
  });
});
