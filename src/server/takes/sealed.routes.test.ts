import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { urlOf } from "../../common/api";
import { pairAccept, pairPropose, pairReady, pairsList } from "../../common/api/takes";
import { paths } from "../../common/routes";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { mailQueue, postPairs, postRevisions } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { normalisedArchive } from "../test/sample-blog";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// The seal (docs/decisions/0046-two-takes.md): before the reveal, the partner, readers and
// visitors get nothing of a take on any surface. Each surface is asked for a marker word that
// is in the sealed take's title, text, excerpt and hashtag (and so in its address); each row also
// proves its probe can see a take at all: its owner sees it there, or everyone once it is public.

const MARKER = "zanzibarquux";
let t: TestApp;
let roles: Roles;
let take: BlogPost;
let pairId: string;
const work = mkdtempSync(path.join(tmpdir(), "duet-sealed-"));

beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  const pair = (
    await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Our trip" })
  ).json<PostPair>();
  pairId = pair.id;
  await requestAs(t, "POST", urlOf(pairAccept, { id: pairId }), roles.her);
  const res = await requestAs(t, "POST", "/api/posts", roles.her, {
    author: "her",
    pairId,
    title: `Sealed ${MARKER}`,
    content: `<p>The ${MARKER} was the best meal.</p>`,
    excerpt: `An ${MARKER} excerpt`,
    hashtags: [`${MARKER}tag`],
  });
  expect(res.statusCode, res.body).toBe(201);
  take = res.json<BlogPost>();
  // An autosave keeps a revision, the canvas's copy of what she is writing.
  const autosave = await requestAs(t, "PATCH", `/api/posts/${take.id}`, roles.her, {
    content: `<p>The ${MARKER} was the best meal, and the wine.</p>`,
    autosave: true,
  });
  expect(autosave.statusCode, autosave.body).toBe(200);
  expect((await requestAs(t, "POST", urlOf(pairReady, { id: pairId }), roles.her)).statusCode).toBe(200);
  // A public post of hers, so the lists, feeds and search have something to show.
  await requestAs(t, "POST", "/api/posts", roles.her, {
    author: "her",
    title: "Open",
    content: "<p>Open.</p>",
  });
});
afterAll(() => t.close());

type Who = "partner" | "reader" | "visitor" | "owner";
interface Surface {
  name: string;
  url: () => string;
  /**
   * Where the probe is shown to reach a take: its owner before the reveal, or anyone after
   * ("none": a surface that shows no take it has no numbers or data for yet: stats, a page the
   * studio fills in the browser).
   */
  control: "owner" | "public" | "owner and public" | "none";
  /** What the surface answers, as text (an archive is unpacked). */
  read?: (body: Buffer) => Promise<string>;
}

const exported = async (body: Buffer) => {
  const file = path.join(work, `${Math.random()}.tar.gz`);
  writeFileSync(file, body);
  return JSON.stringify(await normalisedArchive(file));
};

const SURFACES: Surface[] = [
  { name: "the post API", url: () => `/api/posts/${take.id}`, control: "owner and public" },
  {
    name: "the post API by address",
    url: () => `/api/posts/by-slug/${take.slug}`,
    control: "owner and public",
  },
  {
    name: "the post page and its inline data (the preview)",
    url: () => paths.post(take.slug),
    control: "owner and public",
  },
  { name: "the home page", url: () => "/", control: "public" },
  { name: "his blog's page", url: () => paths.blog("him"), control: "none" },
  { name: "her blog's list", url: () => "/api/posts?author=her", control: "public" },
  { name: "her blog's page", url: () => paths.blog("her"), control: "public" },
  { name: "the tag's list", url: () => `/api/posts?tag=${MARKER}tag`, control: "public" },
  { name: "the tag page", url: () => `/tags/${MARKER}tag`, control: "public" },
  { name: "search", url: () => `/api/search?q=${MARKER}`, control: "public" },
  { name: "the site's feed", url: () => paths.feed(), control: "public" },
  { name: "her feed", url: () => paths.feed("her"), control: "public" },
  { name: "the sitemap's posts", url: () => "/sitemaps/posts-1.xml", control: "public" },
  { name: "the sitemap's pages (tags)", url: () => "/sitemaps/pages.xml", control: "public" },
  { name: "the social web's Article", url: () => `/ap/posts/${take.id}`, control: "public" },
  { name: "the studio's post list", url: () => "/api/me/posts", control: "owner" },
  { name: "the studio's posts page", url: () => "/admin/posts", control: "none" },
  { name: "revisions (the autosave copy)", url: () => `/api/posts/${take.id}/revisions`, control: "owner" },
  { name: "stats of the posts", url: () => "/api/stats/posts", control: "none" },
  { name: "the stats summary", url: () => "/api/stats", control: "none" },
  { name: "the export (archive)", url: () => "/api/admin/export", control: "owner", read: exported },
];

/** Every field of the take: title, address, text, excerpt, hashtag. */
const PHRASES = [
  `sealed ${MARKER}`,
  `sealed-${MARKER}`,
  `${MARKER} was the best meal`,
  `${MARKER} excerpt`,
  `${MARKER}tag`,
];

async function answer(surface: Surface, who: Who): Promise<string> {
  const user: TestUser | null =
    who === "owner" ? roles.her : who === "partner" ? roles.him : who === "reader" ? roles.reader : null;
  const res = await t.request({
    method: "GET",
    url: surface.url(),
    cookie: user?.cookie,
    headers: surface.url().startsWith("/ap/") ? { accept: "application/activity+json" } : {},
  });
  if (surface.read && res.statusCode === 200) return surface.read(res.rawPayload);
  return res.body;
}
/** Whether an answer carries a word of the take (what the request itself said does not count). */
const shows = (text: string, url = "") =>
  PHRASES.some((p) => text.toLowerCase().includes(p) && !decodeURIComponent(url).toLowerCase().includes(p));

describe("two takes › the seal, before the reveal", () => {
  it.each(SURFACES.map((s) => [s.name, s] as const))(
    "%s gives the partner, readers and visitors nothing",
    async (_, surface) => {
      for (const who of ["partner", "reader", "visitor"] as const)
        expect(shows(await answer(surface, who), surface.url()), `${surface.name} as the ${who}`).toBe(false);
    },
  );

  it.each(SURFACES.filter((s) => s.control.includes("owner")).map((s) => [s.name, s] as const))(
    "%s does show the take to its owner (the probe can see it)",
    async (_, surface) => {
      expect(shows(await answer(surface, "owner"), surface.url())).toBe(true);
    },
  );

  it("the partner's studio sees the take's state, no word of it; no email carries it", async () => {
    const res = await requestAs(t, "GET", urlOf(pairsList), roles.him);
    expect(res.json<PostPair[]>()[0]!.takes).toEqual({ him: "not started", her: "ready" });
    expect(shows(res.body)).toBe(false);
    expect(t.mailer.sent.some((m) => shows(JSON.stringify(m)))).toBe(false);
    expect((await t.ctx.db.select().from(mailQueue)).some((m) => shows(JSON.stringify(m)))).toBe(false);
    expect(
      (await t.ctx.db.select().from(postRevisions).where(eq(postRevisions.postId, take.id))).length,
    ).toBe(2);
  });
});

describe("two takes › the same probes, once the take is public", () => {
  beforeAll(async () => {
    // Opened by hand (the pair marked revealed, then the take published), as a broken seal would.
    await t.ctx.db.update(postPairs).set({ state: "revealed" }).where(eq(postPairs.id, pairId));
    const res = await requestAs(t, "PATCH", `/api/posts/${take.id}`, roles.her, { status: "published" });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.publishing.kick();
  });

  it.each(SURFACES.filter((s) => s.control.includes("public")).map((s) => [s.name, s] as const))(
    "%s shows it to readers and visitors: the probe would catch an opened surface",
    async (_, surface) => {
      expect(shows(await answer(surface, "visitor"), surface.url()), surface.name).toBe(true);
      expect(shows(await answer(surface, "reader"), surface.url()), surface.name).toBe(true);
    },
  );
});
