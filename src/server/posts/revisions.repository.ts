import { and, desc, eq, lt } from "drizzle-orm";
import type { PostStatus, RevisionKind } from "../../common/limits";
import { effectiveStatus } from "../../common/rules/post-visibility";
import type { PostImage } from "../../common/types";
import type { Db } from "../db/client";
import { postRevisions } from "../db/schema";

/** What a revision keeps of a post: what the author wrote, not its status or likes. */
export interface RevisionFields {
  title: string;
  excerpt: string;
  content: string;
  hashtags: string[];
  images: PostImage[];
  imageUrl: string | null;
}

export type RevisionRow = typeof postRevisions.$inferSelect;

/** A transaction or the database: revisions are written in the transaction of the post's save. */
type Tx = Pick<Db, "select" | "insert" | "update">;

/** Whether two saves hold the same writing (also: whether a save is an edit, post-writes.routes.ts). */
export const sameFields = (a: RevisionFields, b: RevisionFields): boolean =>
  a.title === b.title &&
  a.excerpt === b.excerpt &&
  a.content === b.content &&
  a.imageUrl === b.imageUrl &&
  JSON.stringify(a.hashtags) === JSON.stringify(b.hashtags) &&
  imagesKey(a.images) === imagesKey(b.images);

/** Images as JSON whatever order their keys come in (jsonb stores them in its own order). */
const imagesKey = (images: PostImage[]) =>
  JSON.stringify(
    images.map((i) => Object.fromEntries(Object.entries(i).sort(([x], [y]) => x.localeCompare(y)))),
  );

export const revisionFieldsOf = (row: RevisionFields): RevisionFields => ({
  title: row.title,
  excerpt: row.excerpt,
  content: row.content,
  hashtags: row.hashtags,
  images: row.images,
  imageUrl: row.imageUrl,
});

/** Steps of a post's life: each is kept even when the writing did not change. */
const LIFE_STEPS: ReadonlySet<RevisionKind> = new Set([
  "schedule",
  "publish",
  "address",
  "unpublish",
  "republish",
]);

/**
 * Which kind of revision a save of an existing post keeps: a step of its life when its status,
 * publish time or address changes (history shows when it went out, came back, moved), else an
 * edit or an autosave.
 */
export function saveKind(
  before: { status: PostStatus; date: Date; slug: string; announcedAt: Date | null },
  after: { status?: PostStatus; date?: Date; slug?: string },
  now: Date,
  autosave: boolean,
): RevisionKind {
  const was = effectiveStatus(before, now);
  const status = after.status ?? before.status;
  const is = effectiveStatus({ status, date: after.date ?? before.date }, now);
  if (is === "published" && was !== "published") return before.announcedAt ? "republish" : "publish";
  if (is === "draft" && was !== "draft") return "unpublish";
  if (is === "scheduled" && (was !== "scheduled" || after.date?.getTime() !== before.date.getTime()))
    return "schedule";
  if (after.slug !== undefined && after.slug !== before.slug) return "address";
  return autosave ? "autosave" : "edit";
}

/**
 * Keep a revision of a save (docs/decisions/0009-drafts-scheduling-revisions.md):
 * - a save that changes none of the kept fields adds nothing (publishing a draft as it is);
 * - an autosave right after an autosave of the same account replaces it, so writing for an hour
 *   keeps the last state of each writing session rather than one revision every few seconds;
 * - every other save (create, edit, restore) and every step of the post's life adds one.
 */
export async function recordRevision(
  tx: Tx,
  postId: string,
  fields: RevisionFields,
  meta: { kind: RevisionKind; by: string | null; at: Date; restoredFrom?: string | null },
): Promise<void> {
  const [latest] = await tx
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.seq))
    .limit(1);
  if (latest && meta.kind !== "restore" && !LIFE_STEPS.has(meta.kind) && sameFields(latest, fields)) return;
  const values = { ...revisionFieldsOf(fields), createdAt: meta.at, createdBy: meta.by };
  if (latest && meta.kind === "autosave" && latest.kind === "autosave" && latest.createdBy === meta.by) {
    await tx.update(postRevisions).set(values).where(eq(postRevisions.id, latest.id));
    return;
  }
  await tx
    .insert(postRevisions)
    .values({ ...values, postId, kind: meta.kind, restoredFrom: meta.restoredFrom ?? null });
}

/** A page of a post's revisions, newest first (keyset on the save order). */
export async function listRevisions(
  db: Db,
  postId: string,
  limit: number,
  afterSeq: number | null,
): Promise<RevisionRow[]> {
  const where =
    afterSeq !== null
      ? and(eq(postRevisions.postId, postId), lt(postRevisions.seq, afterSeq))
      : eq(postRevisions.postId, postId);
  return db.select().from(postRevisions).where(where).orderBy(desc(postRevisions.seq)).limit(limit);
}

export async function getRevision(db: Db, postId: string, id: string): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, id)))
    .limit(1);
  return row ?? null;
}

/** The revision saved just before this one, or null for the first. */
export async function getPreviousRevision(db: Db, revision: RevisionRow): Promise<RevisionRow | null> {
  const [row] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, revision.postId), lt(postRevisions.seq, revision.seq)))
    .orderBy(desc(postRevisions.seq))
    .limit(1);
  return row ?? null;
}
