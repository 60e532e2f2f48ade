import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, webmentionsReceived } from "../db/schema";
import { createPost } from "../test/factories";
import { buildTestApp, type TestApp } from "../test/test-app";
import { startWebmentionPeer, type WebmentionPeer } from "../test/webmention-peer";
import { WEBMENTIONS_PER_ADDRESS_PER_MINUTE } from "./remote-limits";
import { WEBMENTION_MESSAGES } from "./webmention.routes";

let t: TestApp;
let peer: WebmentionPeer;
let target = "";
let postId = "";
const PUBLIC = "http://127.0.0.1:3000";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const send = (payload: string, remoteAddress = "203.0.113.9", type = "application/x-www-form-urlencoded") =>
  t.app.inject({
    method: "POST",
    url: "/api/webmention",
    remoteAddress,
    payload,
    headers: { "content-type": type },
  });
const mention = (source: string, to = target) => send(form({ source, target: to }));
const stored = () =>
  t.ctx.db.select().from(webmentionsReceived).where(eq(webmentionsReceived.postId, postId));
const drain = () => t.ctx.fediverse.webmentions.kick();
const entry = (inner: string) =>
  `<html><head><title>A page</title></head><body><article class="h-entry">${inner}</article></body></html>`;
const author = `<a class="p-author h-card" href="https://alice.example/"><img class="u-photo" src="/me.jpg" alt=""><span class="p-name">Alice Example</span></a>`;

beforeAll(async () => {
  peer = await startWebmentionPeer();
  t = await buildTestApp({ PUBLIC_URL: PUBLIC, FEDIVERSE_ALLOW_PRIVATE: "true" });
  const post = await createPost(t.ctx, { author: "her", title: "Sea walks" });
  postId = post.id;
  target = `${PUBLIC}/post/${post.slug}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe("POST /api/webmention › refuses what is not a Webmention, with a 400 and nothing queued", () => {
  const cases: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
    ["no fields", () => send("")],
    ["a source that is not a URL", () => mention("not a url")],
    ["an ftp source", () => mention("ftp://example.com/x")],
    ["a javascript: target", () => mention("https://a.example/", "javascript:alert(1)")],
    ["a target on another site", () => mention("https://a.example/", "https://elsewhere.example/post/x")],
    ["a target that is not a post", () => mention("https://a.example/", `${PUBLIC}/contact`)],
    ["a target post that does not exist", () => mention("https://a.example/", `${PUBLIC}/post/no-such-post`)],
    ["the same source and target", () => mention(target, target)],
    ["an unknown field", () => send(form({ source: "https://a.example/", target, vouch: "x" }))],
    ["a 3000-character source", () => mention(`https://a.example/${"a".repeat(3000)}`)],
    [
      "JSON with wrong types",
      () => send(JSON.stringify({ source: 42, target: ["x"] }), undefined, "application/json"),
    ],
    ["a JSON list", () => send("[1,2]", undefined, "application/json")],
  ];
  for (const [name, call] of cases)
    it(name, async () => {
      const res = await call();
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
      expect(await stored()).toEqual([]);
    });

  it("a form larger than two URLs is refused by size (413), not a 5xx", async () => {
    const res = await mention(`https://a.example/${"a".repeat(20_000)}`);
    expect(res.statusCode).toBe(413);
  });

  it("says which rule was broken", async () => {
    expect((await mention(target, target)).json().error.message).toBe(WEBMENTION_MESSAGES.sameUrl);
    const notOurs = await mention("https://a.example/", "https://elsewhere.example/post/x");
    expect(notOurs.json().error.message).toBe(WEBMENTION_MESSAGES.notOurs);
  });
});

describe("POST /api/webmention › queues, answers 202, then verifies the source", () => {
  it("a page whose h-entry links to the post becomes a mention with its author and excerpt", async () => {
    peer.pages.set("/notes/1", {
      body: entry(`${author}<div class="e-content">I liked <a href="${target}">this walk</a> a lot.</div>`),
    });
    const res = await mention(`${peer.origin}/notes/1`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: "queued" });
    await drain();
    expect(await stored()).toMatchObject([
      {
        source: `${peer.origin}/notes/1`,
        kind: "mention",
        authorName: "Alice Example",
        authorUrl: "https://alice.example/",
        // Their /me.jpg is not there: no photo, and the page shows initials.
        authorPhoto: null,
        excerpt: "I liked this walk a lot.",
      },
    ]);
  });

  it("the h-card's photo is copied through the guarded fetcher as a small WebP of ours", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a7" } })
      .jpeg()
      .toBuffer();
    // A new photo address (the one above failed: it is tried again only a day later).
    peer.pages.set("/new.jpg", { type: "image/jpeg", body: jpeg });
    const withPhoto = (photo: string) => author.replace("/me.jpg", photo);
    peer.pages.set("/notes/photo", {
      body: entry(
        `${withPhoto("/new.jpg")}<div class="e-content">A photo <a href="${target}">here</a>.</div>`,
      ),
    });
    await mention(`${peer.origin}/notes/photo`);
    await drain();
    const photoOf = async (path: string) =>
      (await stored()).find((r) => r.source.endsWith(path))?.authorPhoto;
    const photo = await photoOf("/notes/photo");
    expect(photo).toMatch(/^\/uploads\/avatars\/\d+_[0-9a-f]{24}\.webp$/);
    const copy = await t.ctx.storage.get(photo!.slice("/uploads/".length));
    const bytes = Buffer.concat((await copy!.body.toArray()) as Buffer[]);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 64, height: 64 });
    const reading = await t.request({ method: "GET", url: `/api/posts/${postId}/reading` });
    expect(reading.json().mentions).toContainEqual(expect.objectContaining({ authorPhoto: photo }));
    // A "photo" that is a page, not an image, is not kept: initials again, and our old copy goes.
    peer.pages.set("/page.jpg", { body: "<html>not an image</html>" });
    peer.pages.set("/notes/photo", {
      body: entry(`${withPhoto("/page.jpg")}<p class="e-content"><a href="${target}">x</a></p>`),
    });
    await mention(`${peer.origin}/notes/photo`);
    await drain();
    expect(await photoOf("/notes/photo")).toBeNull();
    expect(await t.ctx.storage.get(photo!.slice("/uploads/".length))).toBeNull();
    await t.ctx.db
      .delete(webmentionsReceived)
      .where(eq(webmentionsReceived.source, `${peer.origin}/notes/photo`));
  });

  it("sent again after an edit: the mention follows the page (§3.2 update)", async () => {
    peer.pages.set("/notes/1", {
      body: entry(`${author}<div class="e-content">Edited: <a href="${target}">walk</a>.</div>`),
    });
    expect((await mention(`${peer.origin}/notes/1`)).statusCode).toBe(202);
    await drain();
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.excerpt).toBe("Edited: walk.");
  });

  it("sent again once the page no longer links: the mention goes", async () => {
    peer.pages.set("/notes/1", { body: entry(`${author}<div class="e-content">No link now.</div>`) });
    await mention(`${peer.origin}/notes/1`);
    await drain();
    expect(await stored()).toEqual([]);
  });

  it("sent again once the page is 410 Gone: the mention goes (§3.2 delete)", async () => {
    peer.pages.set("/notes/2", { body: entry(`<a href="${target}">x</a>`) });
    await mention(`${peer.origin}/notes/2`);
    await drain();
    expect(await stored()).toHaveLength(1);
    peer.pages.set("/notes/2", { status: 410 });
    await mention(`${peer.origin}/notes/2`);
    await drain();
    expect(await stored()).toEqual([]);
  });

  it("an h-entry in-reply-to the post becomes a comment with the h-entry author's name", async () => {
    peer.pages.set("/replies/1", {
      body: entry(
        `${author}<a class="u-in-reply-to" href="${target}">In reply</a><p class="e-content">Lovely sea.</p>`,
      ),
    });
    await mention(`${peer.origin}/replies/1`);
    await drain();
    const [row] = await stored();
    expect(row).toMatchObject({ kind: "reply", commentId: expect.any(String) });
    const [comment] = await t.ctx.db.select().from(comments).where(eq(comments.id, row!.commentId!));
    expect(comment).toMatchObject({
      content: "Lovely sea.",
      author: `Alice Example (127.0.0.1:${new URL(peer.origin).port})`,
    });
    const list = await t.request({ method: "GET", url: `/api/posts/${postId}/comments` });
    expect(JSON.stringify(list.json())).toContain("Lovely sea.");
    // Shown as a remote writer: their h-card's URL, initials (their photo is not there).
    expect(JSON.stringify(list.json())).toContain('"profileUrl":"https://alice.example/"');
    // Deleted at the source: the comment goes as a reader's would.
    peer.pages.set("/replies/1", { status: 410 });
    await mention(`${peer.origin}/replies/1`);
    await drain();
    expect(await stored()).toEqual([]);
    expect((await t.ctx.db.select().from(comments).where(eq(comments.id, row!.commentId!))).length).toBe(0);
  });
});

describe("POST /api/webmention › hostile sources are refused later, without a 5xx, and nothing is kept", () => {
  const hostile: Array<[string, string, Parameters<WebmentionPeer["pages"]["set"]>[1]]> = [
    ["a page that does not link to the post", "/h/nolink", { body: entry("<p>nothing here</p>") }],
    ["a 50 MB page", "/h/huge", { hugeBytes: 50 * 1024 * 1024 }],
    ["a page of another type", "/h/json", { type: "application/json", body: JSON.stringify({ link: "x" }) }],
    ["a page that is not there", "/h/missing", { status: 404 }],
  ];
  for (const [name, path, page] of hostile)
    it(name, async () => {
      peer.pages.set(path, page);
      expect((await mention(`${peer.origin}${path}`)).statusCode).toBe(202);
      await drain();
      expect(await stored()).toEqual([]);
    });

  it("a slow page (the whole exchange is bounded)", { timeout: 20_000 }, async () => {
    peer.pages.set("/h/slow", { delayMs: 15_000, body: `<a href="${target}">x</a>` });
    const started = Date.now();
    expect((await mention(`${peer.origin}/h/slow`)).statusCode).toBe(202);
    await drain();
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(await stored()).toEqual([]);
  });
});

describe("POST /api/webmention › per-address limit", () => {
  it(`answers 429 past ${WEBMENTIONS_PER_ADDRESS_PER_MINUTE} a minute from one address, others still pass`, async () => {
    peer.pages.delete("/x");
    const from = "198.51.100.7";
    for (let i = 0; i < WEBMENTIONS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await send(form({ source: `${peer.origin}/x?${i}`, target }), from)).statusCode).toBe(202);
    const over = await send(form({ source: `${peer.origin}/x?over`, target }), from);
    expect(over.statusCode).toBe(429);
    expect((await send(form({ source: `${peer.origin}/x?other`, target }), "198.51.100.8")).statusCode).toBe(
      202,
    );
    await drain();
  });
});

describe("post pages advertise the endpoint", () => {
  it("in a Link header and a <link rel=webmention>", async () => {
    const res = await t.request({ method: "GET", url: new URL(target).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(`<${PUBLIC}/api/webmention>; rel="webmention"`);
    expect(res.body).toContain(`<link rel="webmention" href="${PUBLIC}/api/webmention">`);
  });
});

describe("POST /api/webmention › with the production guard (private addresses refused)", () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ PUBLIC_URL: PUBLIC });
  }, 60_000);
  afterAll(async () => {
    await guarded?.close();
  });

  it("a source on loopback, or one redirecting there, is accepted (202) and then dropped unfetched", async () => {
    const post = await createPost(guarded.ctx, { author: "him", title: "Guarded" });
    const to = `${PUBLIC}/post/${post.slug}`;
    peer.pages.set("/g/page", { body: `<a href="${to}">x</a>` });
    peer.pages.set("/g/redirect", { status: 302, headers: { location: `${peer.origin}/g/page` } });
    for (const source of [
      `${peer.origin}/g/page`,
      `${peer.origin}/g/redirect`,
      "http://[::1]:9/x",
      "http://169.254.169.254/latest",
    ]) {
      const res = await guarded.app.inject({
        method: "POST",
        url: "/api/webmention",
        remoteAddress: "203.0.113.50",
        payload: form({ source, target: to }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.statusCode, source).toBe(202);
    }
    await guarded.ctx.fediverse.webmentions.kick();
    expect(await guarded.ctx.db.select().from(webmentionsReceived)).toEqual([]);
  });
});
