import { and, eq, ne } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Viewer } from "../../common/types";
import type { Db } from "../db/client";
import { authorSettings, blogPosts, commentBlocks, comments } from "../db/schema";

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
