import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseChange } from "./cache/notify";
import { Outbox } from "./outbox";
import { createPost } from "./test/factories";
import { buildTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Fill the cache the way the public reads do, then say which of these keys are still held. */
async function warm(postId: string): Promise<() => string[]> {
  const keys = [
    `post|${postId}`,
    "posts|her||10|",
    `page|/post/${postId}`,
    `comments:${postId}:20`,
    "feed|her",
    "sitemap",
    "author-profiles",
    "comments:another-post:20",
  ];
  for (const key of keys) await t.ctx.cache.getOrLoad(key, async () => ({ key }));
  return () => keys.filter((key) => t.ctx.cache.peek(key) !== undefined);
}

describe("domain events and the content cache", () => {
  it("a like drops that post and the lists and pages, and keeps feeds, the sitemap and threads", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const reader = await t.signUp();
    const held = await warm(post.id);
    const res = await t.request({ method: "POST", url: `/api/posts/${post.id}/like`, cookie: reader.cookie });
    expect(res.statusCode).toBe(200);
    expect(held()).toEqual([
      `comments:${post.id}:20`,
      "feed|her",
      "sitemap",
      "author-profiles",
      "comments:another-post:20",
    ]);
  });

  it("a comment drops its post's threads and the pages, and keeps the other posts' threads", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const reader = await t.signUp();
    const held = await warm(post.id);
    const res = await t.request({
      method: "POST",
      url: `/api/posts/${post.id}/comments`,
      cookie: reader.cookie,
      payload: { content: "Lovely." },
    });
    expect(res.statusCode).toBe(201);
    expect(held()).toEqual([
      `post|${post.id}`,
      "posts|her||10|",
      "feed|her",
      "sitemap",
      "author-profiles",
      "comments:another-post:20",
    ]);
  });

  it("any other write drops everything", async () => {
    const post = await createPost(t.ctx, { author: "him" });
    const held = await warm(post.id);
    await t.ctx.events.emit("contentChanged", {});
    expect(held()).toEqual([]);
  });

  it("a subscriber that fails is logged and does not stop the others", async () => {
    const logged: string[] = [];
    const events = new Outbox({
      db: t.ctx.db,
      notify: false,
      now: () => new Date(),
      log: (m) => logged.push(m),
    });
    const seen: string[] = [];
    events.subscribe(
      { name: "test-down", on: ["likeChanged"], handle: async () => Promise.reject(new Error("down")) },
      {
        name: "test-up",
        on: ["likeChanged"],
        handle: async (event) => {
          if (event.name === "likeChanged") seen.push(event.payload.postId);
          return undefined;
        },
      },
    );
    await events.emit("likeChanged", { postId: "p1" });
    expect(seen).toEqual(["p1"]);
    expect(logged.filter((m) => m.startsWith("domain events: test-down failed"))).toHaveLength(1);
    await events.close();
  });
});

describe("what one process tells the others (cache/notify.ts)", () => {
  it("reads everything, a list of prefixes, and refuses anything else", () => {
    expect(parseChange("abc:*:12")).toEqual({ from: "abc", prefixes: null, version: 12 });
    expect(parseChange('abc:["post|1","comments:1:"]:13')).toEqual({
      from: "abc",
      prefixes: ["post|1", "comments:1:"],
      version: 13,
    });
    for (const bad of ["", "abc", "abc:*:x", 'abc:{"a":1}:3', 'abc:[""]:3', "abc:[1]:3"])
      expect(parseChange(bad)).toBeNull();
  });
});
