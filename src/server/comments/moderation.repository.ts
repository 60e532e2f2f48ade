import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { BLOCKED_READERS_MAX, type BlockedReader, emailPrefix } from "../../common/engagement";
import type { AuthorKey } from "../../common/limits";
import { REMOTE_USER_PREFIX } from "../../common/social-web";
import type { Viewer } from "../../common/types";
import type { Db } from "../db/client";
import { authorSettings, blogPosts, commentBlocks, commentReports, comments, user } from "../db/schema";

export async function isBlocked(db: Db, author: AuthorKey, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: commentBlocks.userId })
    .from(commentBlocks)
    .where(and(eq(commentBlocks.author, author), eq(commentBlocks.userId, userId)));
  return !!row;
}

export async function getAuthorSettings(db: Db, author: AuthorKey): Promise<{ holdFirstComments: boolean }> {
  const [row] = await db.select().from(authorSettings).where(eq(authorSettings.author, author));
  return { holdFirstComments: row?.holdFirstComments ?? false };
}

/**
 * With the author's "hold first comments" setting on, a reader none of whose comments on this
 * blog was published yet waits for approval. The authors themselves are never held.
 */
export async function holdsComment(db: Db, author: AuthorKey, viewer: Viewer): Promise<boolean> {
  if (viewer.isAdmin) return false;
  if (!(await getAuthorSettings(db, author)).holdFirstComments) return false;
  const [published] = await db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(and(eq(comments.userId, viewer.id), eq(blogPosts.author, author), ne(comments.status, "held")))
    .limit(1);
  return !published;
}

export async function setHidden(db: Db, id: string, hidden: boolean, now: Date): Promise<void> {
  await db
    .update(comments)
    .set({ hiddenAt: hidden ? now : null })
    .where(eq(comments.id, id));
  // Acting on a comment settles its reports.
  await db
    .update(commentReports)
    .set({ resolvedAt: now })
    .where(and(eq(commentReports.commentId, id), isNull(commentReports.resolvedAt)));
}

export async function approve(db: Db, id: string): Promise<void> {
  await db.update(comments).set({ status: "published" }).where(eq(comments.id, id));
}

export async function block(db: Db, author: AuthorKey, userId: string, now: Date): Promise<void> {
  await db.insert(commentBlocks).values({ author, userId, createdAt: now }).onConflictDoNothing();
}

export async function unblock(db: Db, author: AuthorKey, userId: string): Promise<void> {
  await db
    .delete(commentBlocks)
    .where(and(eq(commentBlocks.author, author), eq(commentBlocks.userId, userId)));
}

/** The readers this author blocked, newest first. */
export async function listBlocks(db: Db, author: AuthorKey): Promise<BlockedReader[]> {
  const rows = await db
    .select({ userId: commentBlocks.userId, email: user.email, name: user.name, at: commentBlocks.createdAt })
    .from(commentBlocks)
    .innerJoin(user, eq(user.id, commentBlocks.userId))
    .where(eq(commentBlocks.author, author))
    .orderBy(desc(commentBlocks.createdAt), desc(commentBlocks.userId))
    .limit(BLOCKED_READERS_MAX);
  return rows.map((r) => ({
    userId: r.userId,
    // An account from the social web has no real address: its name is what it is known by.
    name: r.userId.startsWith(REMOTE_USER_PREFIX) ? r.name : emailPrefix(r.email),
    displayName: r.userId.startsWith(REMOTE_USER_PREFIX) ? "" : r.name,
    blockedAt: r.at.toISOString(),
  }));
}

export async function report(db: Db, commentId: string, userId: string, reason: string | null, now: Date) {
  await db
    .insert(commentReports)
    .values({ commentId, userId, reason, createdAt: now })
    .onConflictDoUpdate({
      target: [commentReports.commentId, commentReports.userId],
      set: { reason, createdAt: now, resolvedAt: null },
    });
}

export async function dismissReports(db: Db, commentId: string, now: Date): Promise<void> {
  await db
    .update(commentReports)
    .set({ resolvedAt: now })
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.resolvedAt)));
}

export async function setAuthorSettings(db: Db, author: AuthorKey, holdFirstComments: boolean) {
  await db
    .insert(authorSettings)
    .values({ author, holdFirstComments })
    .onConflictDoUpdate({ target: authorSettings.author, set: { holdFirstComments } });
  return { holdFirstComments };
}

/** The author's review list: held comments and reported ones (unresolved) on their posts. */
export async function reviewQueue(db: Db, author: AuthorKey) {
  const held = await db
    .select({ comment: comments, postTitle: blogPosts.title })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(and(eq(blogPosts.author, author), eq(comments.status, "held"), isNull(comments.deletedAt)))
    .orderBy(desc(comments.timestamp))
    .limit(100);
  const reported = await db
    .select({
      comment: comments,
      postTitle: blogPosts.title,
      reports: sql<number>`count(*)::int`,
      reasons: sql<string[]>`array_remove(array_agg(${commentReports.reason}), null)`,
      reportedAt: sql<string>`max(${commentReports.createdAt})`,
    })
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(and(eq(blogPosts.author, author), isNull(commentReports.resolvedAt), isNull(comments.deletedAt)))
    .groupBy(comments.id, blogPosts.title)
    .orderBy(desc(sql`max(${commentReports.createdAt})`))
    .limit(100);
  return { held, reported };
}
