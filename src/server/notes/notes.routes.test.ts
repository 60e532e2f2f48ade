import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  noteCreate,
  noteDelete,
  noteReply,
  noteResolve,
  notesList,
  notesOpen,
  notificationsUpdate,
  urlOf,
} from "../../common/api";
import { pairAccept, pairPropose } from "../../common/api/takes";
import { NOTE_BODY_MAX_LENGTH, NOTES_PER_DOCUMENT_MAX } from "../../common/limits";
import type { DraftNote, OpenNote } from "../../common/notes";
import { NOTES_MESSAGES } from "../../common/schemas/notes";
import type { PostPair } from "../../common/takes";
import type { BlogPost } from "../../common/types";
import { draftNotes, mailQueue, sitePages } from "../db/schema";
import { type Roles, requestAs, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../test/test-app";

// Notes in the margin (docs/writing-together.md): the two authors' notes on a draft, never a
// reader's, never published; the other author's sealed take is not theirs to note.

let t: TestApp;
let roles: Roles;
let draft: BlogPost;
let pageId: string;
const ANCHOR = { start: "AQLBo5i6BQQ=", end: "AQLBo5i6BQk=" };

const draftOf = async (who: TestUser, author: string, title: string) => {
  const res = await requestAs(t, "POST", "/api/posts", who, {
    author,
    title,
    content: "<p>The harbour at dawn.</p>",
    status: "draft",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BlogPost>();
};
const create = (who: TestUser | null, body: Record<string, unknown>) =>
  requestAs(t, "POST", urlOf(noteCreate), who, body);
const note = (over: Record<string, unknown> = {}) => ({
  kind: "posts",
  id: draft.id,
  anchor: ANCHOR,
  quote: "harbour at dawn",
  body: "Say which harbour?",
  ...over,
});
const list = (who: TestUser | null, id = draft.id, kind = "posts") =>
  requestAs(t, "GET", urlOf(notesList, {}, { kind, id }), who);

beforeAll(async () => {
  t = await buildTestApp({ MAIL_QUEUE_PER_MINUTE: "100000" });
  roles = await signInRoles(t);
  draft = await draftOf(roles.him, "him", "Harbour");
  const [page] = await t.ctx.db
    .insert(sitePages)
    .values({ slug: "p/harbour", title: "Harbour", content: "<p>The harbour at dawn.</p>" })
    .returning();
  pageId = page!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.audienceMail.drain();
  await t.ctx.db.delete(mailQueue);
  t.mailer.sent = [];
});

describe("notes in the margin", () => {
  it("on a page (both authors'), one leaves a note, the other replies, resolves and reopens it", async () => {
    const made = await create(roles.her, note({ kind: "pages", id: pageId }));
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json<DraftNote>();
    expect(created).toMatchObject({
      kind: "pages",
      docId: pageId,
      author: "her",
      anchor: ANCHOR,
      replies: [],
    });
    const replied = await requestAs(t, "POST", urlOf(noteReply, { id: created.id }), roles.him, {
      body: "Porto's.",
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json<DraftNote>().replies.map((r) => [r.author, r.body])).toEqual([["him", "Porto's."]]);
    const resolved = await requestAs(t, "PATCH", urlOf(noteResolve, { id: created.id }), roles.him, {
      resolved: true,
    });
    expect(resolved.json<DraftNote>()).toMatchObject({ resolvedBy: "him" });
    expect(resolved.json<DraftNote>().resolvedAt).not.toBeNull();
    const open = await requestAs(t, "GET", urlOf(notesOpen), roles.him);
    expect(open.json<OpenNote[]>().map((n) => n.id)).not.toContain(created.id);
    const reopened = await requestAs(t, "PATCH", urlOf(noteResolve, { id: created.id }), roles.her, {
      resolved: false,
    });
    expect(reopened.json<DraftNote>()).toMatchObject({ resolvedAt: null, resolvedBy: null });
    const listed = await requestAs(t, "GET", urlOf(notesOpen), roles.him);
    expect(listed.json<OpenNote[]>().find((n) => n.id === created.id)).toMatchObject({
      title: "Harbour",
      slug: "p/harbour",
      quote: "harbour at dawn",
      replies: 1,
    });
    expect((await list(roles.him, pageId, "pages")).json<DraftNote[]>().map((n) => n.body)).toContain(
      "Say which harbour?",
    );
  });

  it("on a post, only its author notes it: the other author's drafts and their notes are out of reach", async () => {
    const own = await create(roles.him, note({ quote: "harbour", body: "Check the name" }));
    expect(own.statusCode, own.body).toBe(201);
    expect((await create(roles.her, note())).statusCode).toBe(404);
    expect((await list(roles.her)).statusCode).toBe(404);
    const id = own.json<DraftNote>().id;
    for (const call of [
      () => requestAs(t, "POST", urlOf(noteReply, { id }), roles.her, { body: "peek" }),
      () => requestAs(t, "PATCH", urlOf(noteResolve, { id }), roles.her, { resolved: true }),
      () => requestAs(t, "DELETE", urlOf(noteDelete, { id }), roles.her),
    ])
      expect((await call()).statusCode).toBe(404);
    const hers = (await requestAs(t, "GET", urlOf(notesOpen), roles.her)).json<OpenNote[]>();
    expect(hers.map((n) => n.id)).not.toContain(id);
    // Nor is she emailed a word of it.
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to(roles.her.email)).toEqual([]);
  });

  it("tells the other author by email, unless they switched it off", async () => {
    await create(roles.her, note({ kind: "pages", id: pageId, body: "Lovely opening." }));
    await t.ctx.audienceMail.drain();
    const sent = t.mailer.to(roles.him.email);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/ left a note on "Harbour"$/)]);
    expect(sent[0]!.text).toContain("Lovely opening.");
    expect(sent[0]!.text).toContain(`${t.ctx.config.publicUrl}/admin/pages`);
    expect(t.mailer.to(roles.her.email)).toEqual([]);
    await requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.him, { notes: false });
    await create(roles.her, note({ kind: "pages", id: pageId, body: "Quiet." }));
    await t.ctx.audienceMail.drain();
    expect(t.mailer.to(roles.him.email)).toHaveLength(1);
    await requestAs(t, "PATCH", urlOf(notificationsUpdate), roles.him, { notes: true });
  });

  it("only the note's writer deletes it; its replies go with it", async () => {
    const created = (
      await create(roles.her, note({ kind: "pages", id: pageId, body: "Mine to delete" }))
    ).json<DraftNote>();
    await requestAs(t, "POST", urlOf(noteReply, { id: created.id }), roles.him, { body: "ok" });
    const his = await requestAs(t, "DELETE", urlOf(noteDelete, { id: created.id }), roles.him);
    expect(his.statusCode).toBe(403);
    expect(his.json<{ error: { message: string } }>().error.message).toBe(NOTES_MESSAGES.notYours);
    expect((await requestAs(t, "DELETE", urlOf(noteDelete, { id: created.id }), roles.her)).statusCode).toBe(
      204,
    );
    const left = await t.ctx.db.select().from(draftNotes).where(eq(draftNotes.parentId, created.id));
    expect(left).toEqual([]);
  });

  it("refuses visitors (401) and readers (403) on every call", async () => {
    const id = (await create(roles.him, note())).json<DraftNote>().id;
    const calls = [
      () => list(null),
      () => requestAs(t, "GET", urlOf(notesOpen), null),
      () => create(null, note()),
      () => requestAs(t, "POST", urlOf(noteReply, { id }), null, { body: "x" }),
      () => requestAs(t, "PATCH", urlOf(noteResolve, { id }), null, { resolved: true }),
      () => requestAs(t, "DELETE", urlOf(noteDelete, { id }), null),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
    expect((await list(roles.reader)).statusCode).toBe(403);
    expect((await create(roles.reader, note())).statusCode).toBe(403);
    expect((await requestAs(t, "GET", urlOf(notesOpen), roles.reader)).statusCode).toBe(403);
    expect((await requestAs(t, "DELETE", urlOf(noteDelete, { id }), roles.reader)).statusCode).toBe(403);
  });

  it("refuses malformed input with a 400 and stores nothing", async () => {
    const before = (await t.ctx.db.select().from(draftNotes)).length;
    const bad = [
      note({ body: "" }),
      note({ body: "x".repeat(NOTE_BODY_MAX_LENGTH + 1) }),
      note({ body: 5 }),
      note({ anchor: { start: "not base64!", end: ANCHOR.end } }),
      note({ anchor: { start: "A".repeat(600), end: ANCHOR.end } }),
      note({ anchor: { ...ANCHOR, extra: "x" } }),
      note({ anchor: null }),
      note({ kind: "comments" }),
      note({ id: "not-a-uuid" }),
      note({ quote: "q".repeat(400) }),
      note({ extra: true }),
    ];
    for (const body of bad)
      expect((await create(roles.her, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await t.ctx.db.select().from(draftNotes)).length).toBe(before);
    expect((await create(roles.her, note({ id: "00000000-0000-4000-8000-000000000000" }))).statusCode).toBe(
      404,
    );
    expect((await requestAs(t, "PATCH", "/api/notes/nope", roles.her, { resolved: true })).statusCode).toBe(
      404,
    );
    expect((await list(roles.her, "nope")).statusCode).toBe(400);
  });

  it("holds a bounded number per document (409 past it)", async () => {
    const target = await draftOf(roles.her, "her", "Full");
    const rows = Array.from({ length: NOTES_PER_DOCUMENT_MAX }, (_, i) => ({
      postId: target.id,
      author: "her" as const,
      body: `n${i}`,
    }));
    await t.ctx.db.insert(draftNotes).values(rows);
    const res = await create(roles.her, note({ id: target.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(NOTES_MESSAGES.tooMany);
  });

  it("keeps a sealed take out of the partner's reach, and its notes out of their list", async () => {
    const pair = (
      await requestAs(t, "POST", urlOf(pairPropose), roles.him, { topic: "Sealed" })
    ).json<PostPair>();
    await requestAs(t, "POST", urlOf(pairAccept, { id: pair.id }), roles.her);
    const take = (
      await requestAs(t, "POST", "/api/posts", roles.her, {
        author: "her",
        pairId: pair.id,
        title: "Sealed",
        content: "<p>Secret words</p>",
      })
    ).json<BlogPost>();
    const own = await create(roles.her, note({ id: take.id, quote: "Secret words", body: "Rewrite" }));
    expect(own.statusCode, own.body).toBe(201);
    expect((await create(roles.him, note({ id: take.id }))).statusCode).toBe(404);
    expect((await list(roles.him, take.id)).statusCode).toBe(404);
    const id = own.json<DraftNote>().id;
    expect(
      (await requestAs(t, "POST", urlOf(noteReply, { id }), roles.him, { body: "peek" })).statusCode,
    ).toBe(404);
    const his = (await requestAs(t, "GET", urlOf(notesOpen), roles.him)).json<OpenNote[]>();
    expect(JSON.stringify(his)).not.toContain("Secret words");
    const hers = (await requestAs(t, "GET", urlOf(notesOpen), roles.her)).json<OpenNote[]>();
    expect(hers.map((n) => n.id)).toContain(id);
  });

  it("never reaches the published post", async () => {
    await create(roles.him, note({ body: "Private remark 7f3a" }));
    const published = await requestAs(t, "PATCH", `/api/posts/${draft.id}`, roles.him, {
      status: "published",
    });
    expect(published.statusCode, published.body).toBe(200);
    for (const url of [
      `/post/${draft.slug}`,
      `/api/posts/${draft.id}`,
      `/api/posts/${draft.id}/reading`,
      "/feed.xml",
      "/his-blog",
    ]) {
      const res = await requestAs(t, "GET", url, null);
      expect(res.body, url).not.toContain("Private remark 7f3a");
    }
  });
});
