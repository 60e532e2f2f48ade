import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { InboxComment } from "../../common/api";
import type { AuthorKey } from "../../common/limits";
import type { Page } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts, comments } from "../db/schema";
import { after, exactInstant, newestFirst, type PageRequest, toPage } from "../pagination";

/**
 * The Inbox's comments: published, not deleted, on the author's own posts and by someone else.
 * Newest first in the order of comments_post_timestamp_idx (DESC NULLS LAST on both sides).
 */
export async function listInboxComments(
  db: Db,
  author: AuthorKey,
  viewerId: string,
  page: PageRequest,
): Promise<Page<InboxComment>> {
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      postSlug: blogPosts.slug,
      postTitle: blogPosts.title,
      author: comments.author,
      content: comments.content,
      timestamp: comments.timestamp,
      readAt: comments.readAt,
      cursorAt: exactInstant(comments.timestamp),
    })
    .from(comments)
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(
      and(
        eq(blogPosts.author, author),
        eq(comments.status, "published"),
        isNull(comments.deletedAt),
        ne(comments.userId, viewerId),
        after(comments.timestamp, comments.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(comments.timestamp, comments.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (r) => ({
    id: r.id,
    postId: r.postId,
    postSlug: r.postSlug,
    postTitle: r.postTitle,
    author: r.author,
    content: r.content,
    timestamp: r.timestamp.toISOString(),
    read: r.readAt !== null,
  }));
}

/** Marks a comment read when it is on one of the author's posts; false when it is not. */
export async function markInboxCommentRead(
  db: Db,
  author: AuthorKey,
  id: string,
  now: Date,
): Promise<boolean> {
  const onOwnPost = sql`exists (select 1 from ${blogPosts} where ${blogPosts.id} = ${comments.postId} and ${blogPosts.author} = ${author})`;
  const rows = await db
    .update(comments)
    .set({ readAt: sql`coalesce(${comments.readAt}, ${now})` })
    .where(and(eq(comments.id, id), onOwnPost))
    .returning({ id: comments.id });
  return rows.length > 0;
}
