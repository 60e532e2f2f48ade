import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../../common/types";
import { blueskyRecords } from "../../db/schema";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { type Roles, requestAs, signInRoles } from "../../test/roles";
import { buildTestApp, type TestApp } from "../../test/test-app";

// Publishing to each author's own repository on a real PLC + PDS (test/atproto-net): the
// publication once, then per post a site.standard.document and an app.bsky.feed.post card.

let net: AtprotoNetwork;
let t: TestApp;
let roles: Roles;
const PUBLIC = "http://127.0.0.1:3000";

interface Listed {
  uri: string;
  cid: string;
  value: Record<string, unknown> & { $type: string };
}
async function list(did: string, collection: string): Promise<Listed[]> {
  const url = `${net.pds}/xrpc/com.atproto.repo.listRecords?repo=${did}&collection=${collection}`;
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return ((await res.json()) as { records: Listed[] }).records;
}
const alice = () => net.accounts.alice!;
// The scheduler announces a post that became public (postBecamePublic, whose deliveries it
// handles before its kick resolves); a kick resolves once the runs it started are over.
const drain = async () => {
  await t.ctx.publishing.kick();
  await t.ctx.fediverse.bluesky.kick();
};
async function publish(extra: Record<string, unknown> = {}): Promise<BlogPost> {
  const res = await requestAs(t, "POST", "/api/posts", roles.her, {
    title: "Tide pools at dawn",
    content: "<p>We found <strong>three</strong> starfish &amp; a crab.</p>",
    author: "her",
    excerpt: "Three starfish and a crab.",
    hashtags: ["sea", "walks"],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  await drain();
  return res.json();
}

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice"]);
  t = await buildTestApp({
    PUBLIC_URL: PUBLIC,
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
  roles = await signInRoles(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await net?.close();
});

describe("Bluesky publishing", () => {
  it("a post published before connecting stays home", async () => {
    await publish({ title: "Before Bluesky" });
    expect(await t.ctx.db.select().from(blueskyRecords)).toEqual([]);
  });

  it("connecting puts the blog's publication, proven at its well-known path", async () => {
    const res = await requestAs(t, "POST", "/api/admin/bluesky", roles.her, {
      handle: "alice.test",
      appPassword: alice().appPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const [publication, ...more] = await list(alice().did, "site.standard.publication");
    expect(more).toEqual([]);
    expect(publication!.value).toMatchObject({
      $type: "site.standard.publication",
      url: `${PUBLIC}/her-blog`,
    });
    expect(typeof publication!.value.name).toBe("string");
    const proof = await t.request({ method: "GET", url: "/.well-known/site.standard.publication/her-blog" });
    expect(proof.statusCode).toBe(200);
    expect(proof.body).toBe(publication!.uri);
    expect((await requestAs(t, "GET", "/api/admin/bluesky", roles.her)).json().account.publicationUri).toBe(
      publication!.uri,
    );
    // A renamed blog's publication is put again, under the same key.
    const renamed = await requestAs(t, "PUT", "/api/settings", roles.her, {
      herBlogName: "Tide Notes",
      herBlogDescription: "Walks by the sea.",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await drain();
    const [again, ...others] = await list(alice().did, "site.standard.publication");
    expect(others).toEqual([]);
    expect(again).toMatchObject({
      uri: publication!.uri,
      value: { name: "Tide Notes", description: "Walks by the sea." },
    });
    // His blog has no account: nothing to prove.
    expect(
      (await t.request({ method: "GET", url: "/.well-known/site.standard.publication/his-blog" })).statusCode,
    ).toBe(404);
  });

  let post: BlogPost;
  let documentUri = "";
  it("publishing puts a document and a card post once, the document referencing the post", async () => {
    const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    const url = "/uploads/blog-images/1700000000000_tide.jpg";
    await t.ctx.storage.put("blog-images/1700000000000_tide.jpg", cover);
    post = await publish({
      content: `<p>We found <strong>three</strong> starfish &amp; a crab.</p><img class="post-image post-image--center post-image--medium" src="${url}" alt="" data-image-id="tide" />`,
      images: [{ id: "tide", url, position: "center", size: "medium", pairedWith: null }],
      imageUrl: url,
    });
    // Kicked again: nothing more goes out.
    await drain();
    const docs = await list(alice().did, "site.standard.document");
    const cards = await list(alice().did, "app.bsky.feed.post");
    expect(docs).toHaveLength(1);
    expect(cards).toHaveLength(1);
    const [doc, card] = [docs[0]!, cards[0]!];
    const [publication] = await list(alice().did, "site.standard.publication");
    expect(doc.value).toMatchObject({
      site: publication!.uri,
      path: `/post/${post.slug}`,
      title: "Tide pools at dawn",
      description: "Three starfish and a crab.",
      publishedAt: post.date,
      tags: ["sea", "walks"],
      textContent: "We found three starfish & a crab.",
    });
    expect(doc.value.bskyPostRef).toEqual({ uri: card.uri, cid: card.cid });
    expect(doc.value.coverImage).toMatchObject({ $type: "blob", mimeType: "image/jpeg" });
    expect(card.value).toMatchObject({
      text: "Tide pools at dawn",
      createdAt: post.date,
      embed: {
        $type: "app.bsky.embed.external",
        external: {
          uri: `${PUBLIC}/post/${post.slug}`,
          title: "Tide pools at dawn",
          description: "Three starfish and a crab.",
          thumb: { $type: "blob", mimeType: "image/jpeg" },
        },
      },
    });
    documentUri = doc.uri;
  });

  it("the post page names its document, and the publication's path for it leads to the post", async () => {
    const page = await t.request({ method: "GET", url: `/post/${post.slug}` });
    expect(page.body).toContain(`<link rel="site.standard.document" href="${documentUri}">`);
    const canonical = await t.request({ method: "GET", url: `/her-blog/post/${post.slug}` });
    expect(canonical.statusCode).toBe(301);
    expect(canonical.headers.location).toBe(`/post/${post.slug}`);
  });

  it("an edit puts both records again, same keys", async () => {
    const res = await requestAs(t, "PATCH", `/api/posts/${post.id}`, roles.her, {
      title: "Tide pools at first light",
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const docs = await list(alice().did, "site.standard.document");
    const cards = await list(alice().did, "app.bsky.feed.post");
    expect(docs.map((d) => d.uri)).toEqual([documentUri]);
    expect(docs[0]!.value.title).toBe("Tide pools at first light");
    expect(cards).toHaveLength(1);
    expect((cards[0]!.value.embed as { external: { title: string } }).external.title).toBe(
      "Tide pools at first light",
    );
    expect(docs[0]!.value.bskyPostRef).toEqual({ uri: cards[0]!.uri, cid: cards[0]!.cid });
  });

  it("unpublishing deletes both; publishing again puts them back under the same keys", async () => {
    expect(
      (await requestAs(t, "PATCH", `/api/posts/${post.id}`, roles.her, { status: "draft" })).statusCode,
    ).toBe(200);
    await drain();
    expect(await list(alice().did, "site.standard.document")).toEqual([]);
    expect(await list(alice().did, "app.bsky.feed.post")).toEqual([]);
    const page = await t.request({ method: "GET", url: `/post/${post.slug}`, cookie: roles.her.cookie });
    expect(page.body).not.toContain("site.standard.document");
    expect(
      (await requestAs(t, "PATCH", `/api/posts/${post.id}`, roles.her, { status: "published" })).statusCode,
    ).toBe(200);
    await drain();
    expect((await list(alice().did, "site.standard.document")).map((d) => d.uri)).toEqual([documentUri]);
  });

  it("deleting the post deletes both records", async () => {
    expect((await requestAs(t, "DELETE", `/api/posts/${post.id}`, roles.her)).statusCode).toBe(204);
    await drain();
    expect(await list(alice().did, "site.standard.document")).toEqual([]);
    expect(await list(alice().did, "app.bsky.feed.post")).toEqual([]);
    const [row] = await t.ctx.db.select().from(blueskyRecords).where(eq(blueskyRecords.postId, post.id));
    expect(row).toMatchObject({ pending: null, documentCid: null, postCid: null });
  });

  it("his posts never go to her account", async () => {
    const res = await requestAs(t, "POST", "/api/posts", roles.him, {
      title: "His own",
      content: "<p>Mine.</p>",
      author: "him",
    });
    expect(res.statusCode).toBe(201);
    await drain();
    expect(await list(alice().did, "site.standard.document")).toEqual([]);
  });
});
