import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import {
  type Comment,
  DELETED_COMMENT_TEXT,
  HIDDEN_COMMENT_TEXT,
  type RemoteWriter,
} from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, commentBlocks, comments, user } from "../db/schema";
import { after, exactInstant, newestFirst, type PageRequest, splitPage } from "../pagination";

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
 * A hidden top-level comment for a viewer who may not see it: like '[deleted]', a stand-in that
 * keeps its replies in place and gives away neither its writer nor its text.
 */
export const toHiddenStandIn = (row: CommentRow): Comment => ({
  ...toComment(row, false),
  author: HIDDEN_COMMENT_TEXT,
  content: HIDDEN_COMMENT_TEXT,
  userId: "",
  replyTo: null,
  hidden: true,
  held: false,
});

/**
 * SPEC §3 shows the email prefix, so `him@attacker.example` looks like the author 'him': the badge
 * comes from the writer's account instead, the same rule as admin (author address AND verified).
 */
const writtenByAuthor = (authors: AuthorEmails): SQL<boolean> =>
  and(eq(user.emailVerified, true), inArray(user.email, [...authors])) as SQL<boolean>;

const presented = (authors: AuthorEmails) => ({ comment: comments, isAuthor: writtenByAuthor(authors) });

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
  /** Replies from the social web among them (comment id → writer's profile and avatar). */
  remote?: Record<string, RemoteWriter>;
}

/**
 * SPEC §7: top-level comments where postId equals the post, newest first, one page at a time;
 * each with its replies, oldest first (one level deep).
 */
export async function listComments(
  db: Db,
  authors: AuthorEmails,
  post: { id: string; author: AuthorKey },
  page: PageRequest,
): Promise<ThreadPage> {
  const rows = await db
    .select({ ...presented(authors), cursorAt: exactInstant(comments.timestamp) })
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(
      and(
        eq(comments.postId, post.id),
        isNull(comments.parentId),
        after(comments.timestamp, comments.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(comments.timestamp, comments.id))
    .limit(page.limit + 1);
  const { rows: top, nextCursor } = splitPage(rows, page.limit, (row) => row.comment.id);
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
          // Grouped by thread, in the order of the (parent_id, timestamp, id) index: no sort.
          .orderBy(asc(comments.parentId), asc(comments.timestamp), asc(comments.id));
  const blocked = await db
    .select({ userId: commentBlocks.userId })
    .from(commentBlocks)
    .where(eq(commentBlocks.author, post.author));
  return {
    top,
    replies,
    blockedUserIds: blocked.map((b) => b.userId),
    nextCursor,
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
    // A savepoint of its own: the caller's transaction goes on after a refused insert.
    const [row] = await db.transaction((tx) => tx.insert(comments).values(values).returning());
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
