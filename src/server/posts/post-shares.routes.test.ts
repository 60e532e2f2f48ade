import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noteCreate, notesList, notesOpen, notificationsUpdate, urlOf } from "../../common/api";
import { pairAccept, pairPropose } from "../../common/api/takes";
import type { DraftNote, OpenNote } from "../../common/notes";
import type { PostPair } from "../../common/takes";
import type { BlogPost, BlogPostCard, OwnPostCard, Page, PostReading } from "../../common/types";
import { mailQueue, postRevisions, postShares } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Draft sharing (docs/decisions/0050-draft-sharing.md): the owner invites the partner into a
// draft; the partner then reads, saves, sees revisions and notes it; publishing, deleting and
// sharing stay the owner's; a sealed take is never shared; stopping ends it all at once.

let t: TestApp;
let roles: Roles;

const draftOf = async (who: TestUser, author: string, title: string, extra: object = {}) => {
  const res = await requestAs(t, "POST", "/api/posts", who, {
    author,
    title,
    content: "<p>The harbour at dawn.</p>",
    status: "draft",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BlogPost>();
};
const share = (who: TestUser | null, id: string, payload?: unknown) =>
  requestAs(t, "PUT", `/api/posts/${id}/share`, who, payload);
const unshare = (who: TestUser | null, id: string) => requestAs(t, "DELETE", `/api/posts/${id}/share`, who);
const shareRows = async () => Number((await t.ctx.db.select({ n: count() }).from(postShares))[0]!.n);
/** What the partner may reach of a post: read, reading, save, revisions, notes. */
const partnerReach = async (id: string) => ({
  read: (await requestAs(t, "GET", `/api/posts/${id}`, roles.her)).statusCode,
  reading: (await requestAs(t, "GET", `/api/posts/${id}/reading`, roles.her)).statusCode,
  save: (await requestAs(t, "PATCH", `/api/posts/${id}`, roles.her, { content: "<p>Hers.</p>" })).statusCode,
  revisions: (await requestAs(t, "GET", `/api/posts/${id}/revisions`, roles.her)).statusCode,
  notes: (await requestAs(t, "GET", urlOf(notesList, {}, { kind: "posts", id }), roles.her)).statusCode,
});

beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  roles = await signInRoles(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(mailQueue);
  t.mailer.sent = [];
});

describe("sharing a draft", () => {
  it("refuses the partner everything before the share (as before), and allows the writing after", async () => {
    const draft = await draftOf(roles.him, "him", "Harbour");
    // Without a share the other author's draft is unknown to her, as it always was.
    expect(await partnerReach(draft.id)).toEqual({
      read: 404,
      reading: 404,
      save: 403,
      revisions: 404,
      notes: 404,
    });
    const res = await share(roles.him, draft.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ shared: true });
    expect(await partnerReach(draft.id)).toEqual({
      read: 200,
      reading: 200,
      save: 200,
      revisions: 200,
      notes: 200,
    });
    // Her save is hers in the history; the post stays his, a draft.
    const [latest] = await t.ctx.db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, draft.id))
      .orderBy(postRevisions.seq)
      .then((rows) => rows.slice(-1));
    expect(latest!.createdBy).toBe(roles.her.id);
    const after = (await requestAs(t, "GET", `/api/posts/${draft.id}`, roles.him)).json<BlogPost>();
    expect(after).toMatchObject({ author: "him", status: "draft", content: "<p>Hers.</p>" });
    // Each preview says which side of the share it is.
    const hers = (await requestAs(t, "GET", `/api/posts/${draft.id}/reading`, roles.her)).json<PostReading>();
    const his = (await requestAs(t, "GET", `/api/posts/${draft.id}/reading`, roles.him)).json<PostReading>();
    expect([hers.share, his.share]).toEqual(["partner", "owner"]);
    // Neither a reader nor a visitor sees any of it.
    expect((await requestAs(t, "GET", `/api/posts/${draft.id}`, roles.reader)).statusCode).toBe(404);
    expect((await requestAs(t, "GET", `/api/posts/${draft.id}`, null)).statusCode).toBe(404);
    expect(
      (await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.reader, { title: "x" })).statusCode,
    ).toBe(403);
  });

  it("keeps publishing, scheduling, deleting and sharing with the owner", async () => {
    const draft = await draftOf(roles.him, "him", "Owner only");
    await share(roles.him, draft.id);
    for (const body of [
      { status: "published" },
      { status: "scheduled", publishAt: new Date(Date.now() + 86_400_000).toISOString() },
      { sendToFollowers: !draft.sendToFollowers },
      { title: "Mine now", status: "published" },
    ]) {
      const res = await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.her, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error.message).toMatch(/stay with the post's author/);
    }
    // The form sends the followers' switch as it found it: that save is hers to make.
    const same = await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.her, {
      content: "<p>Her words.</p>",
      sendToFollowers: draft.sendToFollowers,
    });
    expect(same.statusCode, same.body).toBe(200);
    // Nothing of the refused ones stored half-way.
    const still = (await requestAs(t, "GET", `/api/posts/${draft.id}`, roles.him)).json<BlogPost>();
    expect(still).toMatchObject({ title: "Owner only", status: "draft", content: "<p>Her words.</p>" });
    expect((await requestAs(t, "DELETE", `/api/posts/${draft.id}`, roles.her)).statusCode).toBe(403);
    expect((await share(roles.her, draft.id)).statusCode).toBe(403);
    expect((await unshare(roles.her, draft.id)).statusCode).toBe(403);
    expect((await requestAs(t, "GET", `/api/posts/${draft.id}`, roles.him)).statusCode).toBe(200);
  });

  it("answers visitors, readers and malformed calls with a 4xx and stores nothing", async () => {
    const draft = await draftOf(roles.him, "him", "Gate");
    const before = await shareRows();
    expect((await share(null, draft.id)).statusCode).toBe(401);
    expect((await share(roles.reader, draft.id)).statusCode).toBe(403);
    expect((await unshare(null, draft.id)).statusCode).toBe(401);
    expect((await unshare(roles.reader, draft.id)).statusCode).toBe(403);
    expect((await share(roles.him, draft.id, { partner: "her" })).statusCode).toBe(400);
    expect((await share(roles.him, draft.id, { x: "y".repeat(100_000) })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await share(roles.him, "not-an-id")).statusCode).toBe(404);
    expect((await share(roles.him, crypto.randomUUID())).statusCode).toBe(404);
    expect((await unshare(roles.him, "x".repeat(500))).statusCode).toBe(404);
    expect((await requestAs(t, "DELETE", `/api/posts/${draft.id}/share?x=1`, roles.him)).statusCode).toBe(
      400,
    );
    // The other author's unshared draft stays unknown to her.
    expect((await share(roles.her, draft.id)).statusCode).toBe(404);
    expect(await shareRows()).toBe(before);
    expect((await requestAs(t, "GET", "/api/me/shared-posts", null)).statusCode).toBe(401);
    expect((await requestAs(t, "GET", "/api/me/shared-posts", roles.reader)).statusCode).toBe(403);
  });

  it("refuses a take of a two-takes post while it is sealed (409)", async () => {
    const pair = (
      await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Sealed" })
    ).json<PostPair>();
    await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
    const take = await draftOf(roles.him, "him", "My take", { pairId: pair.id });
    const res = await share(roles.him, take.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/cannot be shared before/);
    expect(await partnerReach(take.id)).toMatchObject({ read: 404, reading: 404, save: 403 });
    // Even a row put there by hand opens nothing of a sealed take.
    await t.ctx.db.insert(postShares).values({ postId: take.id });
    expect(await partnerReach(take.id)).toEqual({
      read: 404,
      reading: 404,
      save: 403,
      revisions: 404,
      notes: 404,
    });
    const list = (await requestAs(t, "GET", "/api/me/shared-posts", roles.her)).json<{
      items: BlogPostCard[];
    }>();
    expect(list.items.map((p) => p.id)).not.toContain(take.id);
  });

  it("refuses a published post, and ends the partner's reach when a shared post goes public", async () => {
    const draft = await draftOf(roles.him, "him", "Goes out");
    await share(roles.him, draft.id);
    await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.him, { status: "published" });
    // Public: she reads it as anyone does, but no longer writes it.
    expect(await partnerReach(draft.id)).toMatchObject({ read: 200, save: 403, revisions: 403, notes: 404 });
    expect((await share(roles.him, draft.id)).statusCode).toBe(409);
  });

  it("lists the share on both sides of the studio, and stopping ends it all", async () => {
    const draft = await draftOf(roles.him, "him", "Both sides");
    await share(roles.him, draft.id);
    const mine = (await requestAs(t, "GET", "/api/me/posts", roles.him)).json<Page<OwnPostCard>>();
    expect(mine.items.find((p) => p.id === draft.id)?.shared).toBe(true);
    const shared = () =>
      requestAs(t, "GET", "/api/me/shared-posts", roles.her).then((r) => r.json<{ items: BlogPostCard[] }>());
    expect((await shared()).items.map((p) => p.id)).toContain(draft.id);
    // The owner's own list is not hers: shared posts are listed apart.
    const hers = (await requestAs(t, "GET", "/api/me/posts", roles.her)).json<Page<OwnPostCard>>();
    expect(hers.items.map((p) => p.id)).not.toContain(draft.id);
    const note = await requestAs(t, "POST", urlOf(noteCreate), roles.her, {
      kind: "posts",
      id: draft.id,
      anchor: { start: "AQLBo5i6BQQ=", end: "AQLBo5i6BQk=" },
      quote: "harbour",
      body: "Which harbour?",
    });
    expect(note.statusCode, note.body).toBe(201);
    const open = (await requestAs(t, "GET", urlOf(notesOpen), roles.her)).json<OpenNote[]>();
    expect(open.map((n) => n.id)).toContain(note.json<DraftNote>().id);
    // The owner hears of her note.
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to(roles.him.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ left a note on "Both sides"$/)]),
    );

    const stop = await unshare(roles.him, draft.id);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ shared: false });
    expect(await partnerReach(draft.id)).toEqual({
      read: 404,
      reading: 404,
      save: 403,
      revisions: 404,
      notes: 404,
    });
    expect((await shared()).items.map((p) => p.id)).not.toContain(draft.id);
    const after = (await requestAs(t, "GET", urlOf(notesOpen), roles.her)).json<OpenNote[]>();
    expect(JSON.stringify(after)).not.toContain("Which harbour?");
    expect((await unshare(roles.him, draft.id)).statusCode).toBe(200);
  });

  it("emails the partner once when a draft is shared, unless notes' emails are off", async () => {
    const draft = await draftOf(roles.him, "him", "Letters home");
    await share(roles.him, draft.id);
    await share(roles.him, draft.id);
    await t.ctx.audienceMail.drain();
    const sent = t.mailer.to(roles.her.email);
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/ shared the draft "Letters home" with you$/),
    ]);
    expect(sent[0]!.text).toContain(`${t.ctx.config.publicUrl}/post/${draft.id}?edit=1`);
    expect(t.mailer.to(roles.him.email)).toEqual([]);
    await requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.her, { notes: false });
    const quiet = await draftOf(roles.him, "him", "Quiet one");
    await share(roles.him, quiet.id);
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to(roles.her.email)).toHaveLength(1);
    await requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.her, { notes: true });
  });
});
