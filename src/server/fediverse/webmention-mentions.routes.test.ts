import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, webmentionsReceived } from "../db/schema";
import { createPost } from "../test/factories";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";
import { startWebmentionPeer, type WebmentionPeer } from "../test/webmention-peer";
import { WEBMENTION_MESSAGES } from "./webmention.routes";

// Mentions under the post (decision 0047): shown server-rendered on the reading page, removed by
// the post's author only, and still removed when the source sends the same Webmention again.

let t: TestApp;
let peer: WebmentionPeer;
let roles: Roles;
let post: { id: string; slug: string };
let target = "";
const PUBLIC = "http://127.0.0.1:3000";

const send = (source: string, to = target) =>
  t.app.inject({
    method: "POST",
    url: "/api/webmention",
    remoteAddress: "203.0.113.7",
    payload: new URLSearchParams({ source, target: to }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
/**
 * The post's reading data inlined in its page, which the renderer renders (API tests run without
 * the built renderer; post-mentions.test.tsx checks the markup it gives).
 */
const page = async () => {
  const res = await t.request({ method: "GET", url: `/post/${post.slug}` });
  expect(res.statusCode).toBe(200);
  const json = res.body.match(/<script type="application\/json" id="duet-data">(.*?)<\/script>/s)?.[1];
  const queries = JSON.parse(json!).queries as Array<[unknown[], { mentions?: unknown[] }]>;
  const found = queries.find(([key]) => key.length === 3 && key[2] === "reading");
  return found![1].mentions;
};
const reading = async (id = post.id, who: TestUser | null = null) =>
  (await requestAs(t, "GET", `/api/posts/${id}/reading`, who)).json();
const rows = () => t.ctx.db.select().from(webmentionsReceived).where(eq(webmentionsReceived.postId, post.id));
const remove = (id: string, who: TestUser | null) => requestAs(t, "DELETE", `/api/webmentions/${id}`, who);
const source = () => `${peer.origin}/notes/seen`;

beforeAll(async () => {
  peer = await startWebmentionPeer();
  t = await buildTestApp({ PUBLIC_URL: PUBLIC, FEDIVERSE_ALLOW_PRIVATE: "true" });
  roles = await signInRoles(t);
  post = await createPost(t.ctx, { author: "her", title: "Harbour lights" });
  target = `${PUBLIC}/post/${post.slug}`;
  peer.pages.set("/notes/seen", {
    body: `<html><body><article class="h-entry"><a class="p-author h-card" href="https://alice.example/"><span class="p-name">Alice &lt;Example&gt;</span></a><div class="e-content">Lovely <a href="${target}">harbour post</a> &lt;b&gt;indeed&lt;/b&gt;.</div></article></body></html>`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe("mentions on the reading page", () => {
  it("a verified mention is in the post's reading data and in the server-rendered page", async () => {
    expect((await send(source())).statusCode).toBe(202);
    await t.ctx.fediverse.webmentions.kick();
    const { mentions } = await reading();
    expect(mentions).toMatchObject([
      {
        authorName: "Alice <Example>",
        authorUrl: "https://alice.example/",
        source: source(),
        excerpt: "Lovely harbour post <b>indeed</b>.",
      },
    ]);
    expect(await page()).toEqual(mentions);
  });

  it("a draft (or a sealed take, a draft too) carries none, even in its author's preview", async () => {
    const draft = await createPost(t.ctx, { author: "her" });
    await t.ctx.db.update(blogPosts).set({ status: "draft" }).where(eq(blogPosts.id, draft.id));
    await t.ctx.db.insert(webmentionsReceived).values({
      source: "https://b.example/x",
      target: `${PUBLIC}/post/${draft.slug}`,
      postId: draft.id,
      kind: "mention",
      excerpt: "Seen early",
      verifiedAt: t.ctx.now(),
    });
    const preview = await reading(draft.id, roles.her);
    expect(preview.postId).toBe(draft.id);
    expect(preview.mentions).toBeUndefined();
  });
});

describe("DELETE /api/webmentions/:id (the post's author)", () => {
  it("refuses everyone else and malformed ids, changing nothing; the author's removal sticks", async () => {
    const [row] = await rows();
    const id = String(row!.id);
    expect((await remove(id, null)).statusCode).toBe(401);
    expect((await remove(id, roles.reader)).statusCode).toBe(403);
    // The other author: the moderation rule of comments is the post's author only.
    const other = await remove(id, roles.him);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(WEBMENTION_MESSAGES.onlyPostAuthor);
    for (const bad of ["abc", "0", "-1", "1.5", "9".repeat(30), String(row!.id + 1000)]) {
      const res = await remove(bad, roles.her);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    expect((await rows())[0]!.hiddenAt).toBeNull();
    expect(await page()).toHaveLength(1);

    expect((await remove(id, roles.her)).statusCode).toBe(204);
    expect((await remove(id, roles.her)).statusCode).toBe(404);
    expect((await reading()).mentions).toBeUndefined();
    expect(await page()).toBeUndefined();

    // The source sends it again: verified again, still removed.
    expect((await send(source())).statusCode).toBe(202);
    await t.ctx.fediverse.webmentions.kick();
    const [again] = await rows();
    expect(again).toMatchObject({ kind: "mention", hiddenAt: expect.any(Date) });
    expect((await reading()).mentions).toBeUndefined();
    expect(await page()).toBeUndefined();
  });
});
