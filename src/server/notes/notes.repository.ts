import { and, asc, count, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { DraftNote, NoteKind, NoteReply, OpenNote } from "../../common/notes";
import type { Viewer } from "../../common/types";
import { openToPartnerWhere, writerRole } from "../content/post-access";
import type { Db } from "../db/client";
import { blogPosts, draftNotes, postPairs, postShares, sitePages } from "../db/schema";

// Notes in the margin: their rows (draft_notes), read and written for the two authors only.

type NoteRow = typeof draftNotes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const docOf = (row: NoteRow): { kind: NoteKind; docId: string } =>
  row.postId ? { kind: "posts", docId: row.postId } : { kind: "pages", docId: row.pageId! };
const where = (kind: NoteKind, id: string) =>
  kind === "posts" ? eq(draftNotes.postId, id) : eq(draftNotes.pageId, id);

function toNote(row: NoteRow, replies: NoteRow[]): DraftNote {
  return {
    id: row.id,
    ...docOf(row),
    author: row.author,
    anchor: row.anchorStart && row.anchorEnd ? { start: row.anchorStart, end: row.anchorEnd } : null,
    quote: row.quote,
    body: row.body,
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    createdAt: row.createdAt.toISOString(),
    replies: replies.map(
      (r): NoteReply => ({ id: r.id, author: r.author, body: r.body, createdAt: r.createdAt.toISOString() }),
    ),
  };
}

/**
 * Whether `me` may see and write the notes of this document: a page (both authors'), or one of
 * `me`'s own posts. The other author's drafts are theirs alone (SPEC §6; a sealed take above all,
 * decision 0046), and so are their notes: a note quotes the draft's words.
 */
export async function canNote(db: Db, kind: NoteKind, id: string, me: Viewer, now: Date): Promise<boolean> {
  if (kind === "pages") {
    const [page] = await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.id, id));
    return Boolean(page);
  }
  // A post its author's, and its partner's while shared with them (decision 0050).
  return (await writerRole(db, id, me, now)) !== null;
}

/** A document's notes, oldest first, each with its replies (oldest first). */
export async function listNotes(db: Db, kind: NoteKind, id: string): Promise<DraftNote[]> {
  const rows = await db.select().from(draftNotes).where(where(kind, id)).orderBy(asc(draftNotes.createdAt));
  const replies = (noteId: string) => rows.filter((r) => r.parentId === noteId);
  return rows.filter((r) => r.parentId === null).map((r) => toNote(r, replies(r.id)));
}

export async function countNotes(db: Db, kind: NoteKind, id: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(draftNotes).where(where(kind, id));
  return Number(row?.n ?? 0);
}

export async function findNote(db: Db, id: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(draftNotes).where(eq(draftNotes.id, id));
  return row ?? null;
}

/** The note a row belongs to (itself, or a reply's note), as the API presents it. */
export async function presentNote(db: Db, id: string): Promise<DraftNote | null> {
  const note = await findNote(db, id);
  if (!note) return null;
  const top = note.parentId ? await findNote(db, note.parentId) : note;
  if (!top) return null;
  const replies = await db
    .select()
    .from(draftNotes)
    .where(eq(draftNotes.parentId, top.id))
    .orderBy(asc(draftNotes.createdAt));
  return toNote(top, replies);
}

export async function insertNote(db: Db, values: typeof draftNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(draftNotes).values(values).returning();
  return row!;
}

export async function setResolved(db: Db, id: string, by: AuthorKey | null, at: Date): Promise<void> {
  await db
    .update(draftNotes)
    .set({ resolvedAt: by ? at : null, resolvedBy: by })
    .where(eq(draftNotes.id, id));
}

export async function deleteNote(db: Db, id: string): Promise<void> {
  await db.delete(draftNotes).where(eq(draftNotes.id, id));
}

/** Every open note `me` may see (canNote), newest first (at most 100), with the title and address of what it is on. */
export async function listOpenNotes(db: Db, me: AuthorKey, now: Date): Promise<OpenNote[]> {
  const rows = await db
    .select({
      note: draftNotes,
      postTitle: blogPosts.title,
      pageTitle: sitePages.title,
      postSlug: blogPosts.slug,
      pageSlug: sitePages.slug,
    })
    .from(draftNotes)
    .leftJoin(blogPosts, eq(blogPosts.id, draftNotes.postId))
    .leftJoin(sitePages, eq(sitePages.id, draftNotes.pageId))
    .leftJoin(postShares, eq(postShares.postId, blogPosts.id))
    .leftJoin(postPairs, eq(postPairs.id, blogPosts.pairId))
    // The other author's posts are theirs alone, their notes' quotes included (canNote), but for
    // those shared with me now (decision 0050).
    .where(
      and(
        isNull(draftNotes.parentId),
        isNull(draftNotes.resolvedAt),
        or(isNull(draftNotes.postId), eq(blogPosts.author, me), openToPartnerWhere(now)),
      ),
    )
    .orderBy(desc(draftNotes.createdAt))
    .limit(100);
  const ids = rows.map((r) => r.note.id);
  const replyCounts =
    ids.length === 0
      ? []
      : await db
          .select({ parentId: draftNotes.parentId, n: count() })
          .from(draftNotes)
          .where(inArray(draftNotes.parentId, ids))
          .groupBy(draftNotes.parentId);
  const repliesOf = new Map(replyCounts.map((r) => [r.parentId, Number(r.n)]));
  return rows.map(({ note, postTitle, pageTitle, postSlug, pageSlug }) => ({
    id: note.id,
    ...docOf(note),
    title: postTitle ?? pageTitle ?? "",
    slug: postSlug ?? pageSlug ?? "",
    author: note.author,
    quote: note.quote,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
    replies: repliesOf.get(note.id) ?? 0,
  }));
}
