import { and, eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, postPairs } from "../db/schema";

/**
 * The revealed pair a post is a take of, its row locked until the caller's transaction ends, and
 * the ids of both takes; null for a post of no pair or of a pair not yet revealed (which acts on
 * its own take only). Decision 0046: unpublishing, republishing or deleting a revealed pair acts
 * on both takes at once.
 */
export async function lockRevealedPair(
  tx: Db,
  postId: string,
): Promise<{ pairId: string; takeIds: string[] } | null> {
  const [take] = await tx
    .select({ pairId: blogPosts.pairId })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId))
    .limit(1);
  if (!take?.pairId) return null;
  const [pair] = await tx
    .select({ id: postPairs.id })
    .from(postPairs)
    .where(and(eq(postPairs.id, take.pairId), eq(postPairs.state, "revealed")))
    .for("update");
  if (!pair) return null;
  const takes = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.pairId, pair.id));
  return { pairId: pair.id, takeIds: takes.map((t) => t.id) };
}

/** Record on the pair who unpublished it and when; a republish clears it (null). */
export async function markPairUnpublished(
  tx: Db,
  pairId: string,
  by: { author: AuthorKey; at: Date } | null,
): Promise<void> {
  await tx
    .update(postPairs)
    .set({ unpublishedBy: by?.author ?? null, unpublishedAt: by?.at ?? null })
    .where(eq(postPairs.id, pairId));
}

/** The pair row goes once both its takes are gone (the caller deletes them first). */
export async function deletePairRow(tx: Db, pairId: string): Promise<void> {
  await tx.delete(postPairs).where(eq(postPairs.id, pairId));
}
