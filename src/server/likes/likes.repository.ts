import { and, eq, sql } from "drizzle-orm";
import type { LikeState } from "../../common/engagement";
import type { Db } from "../db/client";
import { blogPosts, postLikes } from "../db/schema";

/** The viewer's like state on a post, or null when the post does not exist. */
export async function getLikeState(db: Db, postId: string, userId: string | null): Promise<LikeState | null> {
  const [post] = await db
    .select({
      likes: blogPosts.likes,
      liked: userId
        ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${blogPosts.id} and ${postLikes.userId} = ${userId})`
        : sql<boolean>`false`,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  return post ? { liked: Boolean(post.liked), likes: post.likes } : null;
}

/**
 * SPEC §4 like toggle, as one transaction: the post row is locked first, so toggles on a post are
 * serialised; then the like record is inserted (or, when it already exists, deleted) and the counter
 * moves with it. The count therefore always equals the number of like records.
 * Returns null when the post does not exist.
 */
export async function toggleLike(
  db: Db,
  postId: string,
  userId: string,
  now: Date,
): Promise<LikeState | null> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId))
      .for("update");
    if (!post) return null;
    const inserted = await tx
      .insert(postLikes)
      .values({ postId, userId, timestamp: now })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    let liked: boolean;
    if (inserted.length > 0) {
      liked = true;
    } else {
      await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
      liked = false;
    }
    const [updated] = await tx
      .update(blogPosts)
      .set({ likes: liked ? sql`${blogPosts.likes} + 1` : sql`${blogPosts.likes} - 1` })
      .where(eq(blogPosts.id, postId))
      .returning({ likes: blogPosts.likes });
    return { liked, likes: updated!.likes };
  });
}
