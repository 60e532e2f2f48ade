import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, Page, PostRevisionSummary } from "../../common/types";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Every step of a post's life leaves a revision, even when the writing did not change: the
// history of a post says when it was scheduled, went out, moved, came back down and went out again.

let t: TestApp;
let her: TestUser;
let now = new Date("2026-05-01T08:00:00.000Z").getTime();
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(now) });
  her = await t.as("her");
});
afterAll(() => t.close());

const send = async (method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method, url, cookie: her.cookie, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as BlogPost;
};
const kinds = async (id: string) => {
  const res = await t.request({ method: "GET", url: `/api/posts/${id}/revisions`, cookie: her.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page<PostRevisionSummary>).items.map((r) => r.kind).reverse();
};

describe("revisions of a post's life", () => {
  it("schedule, publish, address change, unpublish and republish each leave one", async () => {
    const post = await send("POST", "/api/posts", {
      author: "her",
      title: "A weekend in Lisbon",
      content: "<p>Tiles.</p>",
      status: "draft",
    });
    const url = `/api/posts/${post.id}`;
    await send("PATCH", url, { content: "<p>Tiles and tarts.</p>" });
    await send("PATCH", url, { status: "scheduled", publishAt: new Date(now + 3_600_000).toISOString() });
    // Re-dated while scheduled: a new time is a new step.
    await send("PATCH", url, { status: "scheduled", publishAt: new Date(now + 7_200_000).toISOString() });
    await send("PATCH", url, { status: "published" });
    await send("PATCH", url, { slug: "weekend-in-lisbon" });
    await send("PATCH", url, { status: "draft" });
    await send("PATCH", url, { status: "published" });
    expect(await kinds(post.id)).toEqual([
      "create",
      "edit",
      "schedule",
      "schedule",
      "publish",
      "address",
      "unpublish",
      "republish",
    ]);
    // A save that changes nothing at all still adds nothing.
    await send("PATCH", url, { title: "A weekend in Lisbon" });
    expect(await kinds(post.id)).toHaveLength(8);
  });

  it("a draft's title edits move its address silently: they stay edits and autosaves", async () => {
    const post = await send("POST", "/api/posts", {
      author: "her",
      title: "Draft one",
      content: "<p>x</p>",
      status: "draft",
    });
    const url = `/api/posts/${post.id}`;
    for (const n of [2, 3]) await send("PATCH", url, { title: `Draft ${n}`, autosave: true });
    await send("PATCH", url, { title: "Draft four" });
    expect(await kinds(post.id)).toEqual(["create", "autosave", "edit"]);
    now += 60_000;
  });
});
