import { and, desc, eq, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Comment } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import type { Page } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts, comments, user } from "../db/schema";

type CommentRow = typeof comments.$inferSelect;

/** The blog's two author addresses (normalised), which earn a comment the author badge once verified. */
export type AuthorEmails = readonly string[];

export const toComment = (row: CommentRow, isAuthor: boolean): Comment => ({
  id: row.id,
  postId: row.postId,
  author: row.author,
  isAuthor,
  content: row.content,
  userId: row.userId,
  timestamp: row.timestamp.toISOString(),
});

/**
 * SPEC §3 shows the email prefix, so `him@attacker.example` looks like the author 'him': the badge
 * comes from the writer's account instead, the same rule as admin (author address AND verified).
 */
const writtenByAuthor = (authors: AuthorEmails): SQL<boolean> =>
  and(eq(user.emailVerified, true), inArray(user.email, [...authors])) as SQL<boolean>;

const presented = (authors: AuthorEmails) => ({ comment: comments, isAuthor: writtenByAuthor(authors) });

/** Keyset cursor over (timestamp desc, id desc). */
export function encodeCursor(row: { timestamp: Date; id: string }): string {
  return Buffer.from(`${row.timestamp.toISOString()}|${row.id}`).toString("base64url");
}

const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function decodeCursor(cursor: string): { timestamp: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Only what encodeCursor makes: anything else (a malformed uuid, year 0, 30 February) was a 500.
  if (!iso || !id || !CURSOR_ID.test(id) || !CURSOR_TIME.test(iso) || iso.startsWith("0000")) return null;
  const timestamp = new Date(iso);
  return !Number.isNaN(timestamp.getTime()) && timestamp.toISOString() === iso ? { timestamp, id } : null;
}

/** The post's author value, or null when there is no such post. */
export async function findPostAuthor(db: Db, postId: string): Promise<AuthorKey | null> {
  const [post] = await db
    .select({ author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  return post?.author ?? null;
}

/** SPEC §7: comments where postId equals the post, newest first, one page at a time. */
export async function listComments(
  db: Db,
  authors: AuthorEmails,
  postId: string,
  limit: number,
  after: { timestamp: Date; id: string } | null,
): Promise<Page<Comment>> {
  const rows = await db
    .select(presented(authors))
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(
      and(
        eq(comments.postId, postId),
        after
          ? or(
              lt(comments.timestamp, after.timestamp),
              and(eq(comments.timestamp, after.timestamp), lt(comments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(comments.timestamp), desc(comments.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => toComment(r.comment, r.isAuthor)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.comment) : null,
  };
}

export async function insertComment(
  db: Db,
  values: { postId: string; userId: string; author: string; content: string; timestamp: Date },
  isAuthor: boolean,
): Promise<Comment | null> {
  try {
    const [row] = await db.insert(comments).values(values).returning();
    return toComment(row!, isAuthor);
  } catch (error) {
    // The post was deleted after the route checked it (foreign key): that is 'Post not found', not a 500.
    if (!(await findPostAuthor(db, values.postId))) return null;
    throw error;
  }
}

/** The comment with its post's author value (for SPEC §6 permissions) and its badge, or null. */
export async function findCommentWithPost(
  db: Db,
  authors: AuthorEmails,
  id: string,
): Promise<{ comment: CommentRow; isAuthor: boolean; postAuthor: AuthorKey } | null> {
  const [row] = await db
    .select({ ...presented(authors), postAuthor: blogPosts.author })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .innerJoin(user, eq(user.id, comments.userId))
    .where(eq(comments.id, id));
  return row ?? null;
}

/** SPEC §4: Save updates content and timestamp. */
export async function updateComment(
  db: Db,
  id: string,
  content: string,
  timestamp: Date,
  isAuthor: boolean,
): Promise<Comment | null> {
  const [row] = await db.update(comments).set({ content, timestamp }).where(eq(comments.id, id)).returning();
  return row ? toComment(row, isAuthor) : null;
}

export async function deleteComment(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}
