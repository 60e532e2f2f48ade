import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import { type Comment, DELETED_COMMENT_TEXT } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, commentBlocks, comments, user } from "../db/schema";

export type CommentRow = typeof comments.$inferSelect;

/** The blog's two author addresses (normalised), which earn a comment the author badge once verified. */
export type AuthorEmails = readonly string[];

/**
 * One presenter for every comment the API returns. `isAuthor`: written by an author account;
 * `blocked`: its writer is blocked on the post's blog (so it counts as hidden).
 */
export const toComment = (row: CommentRow, isAuthor: boolean, opts: { blocked?: boolean } = {}): Comment => {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    postId: row.postId,
    author: deleted ? DELETED_COMMENT_TEXT : row.author,
    isAuthor: !deleted && isAuthor,
    content: deleted ? DELETED_COMMENT_TEXT : row.content,
    userId: deleted ? "" : row.userId,
    timestamp: row.timestamp.toISOString(),
    parentId: row.parentId,
    // Named only when a reply answers another reply (answering the top-level comment is the default).
    replyTo:
      row.replyToId && row.replyToId !== row.parentId && row.replyToAuthor
        ? { id: row.replyToId, author: row.replyToAuthor }
        : null,
    deleted,
    hidden: row.hiddenAt !== null || !!opts.blocked,
    held: row.status === "held",
  };
};

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

/** A comment row with its author badge, as lists load it. */
export interface ListedRow {
  comment: CommentRow;
  isAuthor: boolean;
}

/** A page of top-level comments with all their replies, before the viewer's visibility is applied. */
export interface ThreadPage {
  top: ListedRow[];
  replies: ListedRow[];
  /** Writers blocked on the post's blog: their comments count as hidden. */
  blockedUserIds: string[];
  nextCursor: string | null;
}

/**
 * SPEC §7: top-level comments where postId equals the post, newest first, one page at a time;
 * each with its replies, oldest first (one level deep).
 */
export async function listComments(
  db: Db,
  authors: AuthorEmails,
  post: { id: string; author: AuthorKey },
  limit: number,
  after: { timestamp: Date; id: string } | null,
): Promise<ThreadPage> {
  const rows = await db
    .select(presented(authors))
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(
      and(
        eq(comments.postId, post.id),
        isNull(comments.parentId),
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
  const top = rows.slice(0, limit);
  const last = top[top.length - 1];
  const replies =
    top.length === 0
      ? []
      : await db
          .select(presented(authors))
          .from(comments)
          .innerJoin(user, eq(user.id, comments.userId))
          .where(
            inArray(
              comments.parentId,
              top.map((r) => r.comment.id),
            ),
          )
          .orderBy(asc(comments.timestamp), asc(comments.id));
  const blocked = await db
    .select({ userId: commentBlocks.userId })
    .from(commentBlocks)
    .where(eq(commentBlocks.author, post.author));
  return {
    top,
    replies,
    blockedUserIds: blocked.map((b) => b.userId),
    nextCursor: rows.length > limit && last ? encodeCursor(last.comment) : null,
  };
}

export async function insertComment(
  db: Db,
  values: {
    postId: string;
    userId: string;
    author: string;
    content: string;
    timestamp: Date;
    parentId?: string | null;
    replyToId?: string | null;
    replyToAuthor?: string | null;
    status?: "published" | "held";
  },
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

/** SPEC §4: Save updates content and timestamp ('[deleted]' comments cannot be edited). */
export async function updateComment(
  db: Db,
  id: string,
  content: string,
  timestamp: Date,
  isAuthor: boolean,
): Promise<Comment | null> {
  const [row] = await db
    .update(comments)
    .set({ content, timestamp })
    .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
    .returning();
  return row ? toComment(row, isAuthor) : null;
}

/**
 * Delete a comment. One with replies stays as '[deleted]' (its text erased) so the replies keep
 * their place; a '[deleted]' comment whose last reply goes is removed with it.
 */
export async function deleteComment(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(comments).where(eq(comments.id, id)).for("update");
    if (!row || row.deletedAt) return false;
    const [replies] = await tx.select({ n: count() }).from(comments).where(eq(comments.parentId, id));
    if ((replies?.n ?? 0) > 0) {
      await tx.update(comments).set({ deletedAt: now, content: "" }).where(eq(comments.id, id));
      return true;
    }
    await tx.delete(comments).where(eq(comments.id, id));
    if (row.parentId) {
      const [left] = await tx
        .select({ n: count() })
        .from(comments)
        .where(eq(comments.parentId, row.parentId));
      if ((left?.n ?? 0) === 0) {
        await tx.delete(comments).where(and(eq(comments.id, row.parentId), isNotNull(comments.deletedAt)));
      }
    }
    return true;
  });
}
