import { and, eq, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, postPairs } from "../db/schema";
import { conflict, notFound } from "../errors";

export const TAKE_SLOT_MESSAGES = {
  notFound: "Two-takes post not found",
  notAccepted: "A take can be written once the proposal is accepted, and until the reveal.",
  taken: "You already have a take on this topic.",
} as const;

/**
 * Before a take is written (the posts feature's create, in its transaction): the pair exists, is
 * accepted and not yet revealed, and this author has no take on it. The pair's row stays locked
 * until that transaction ends, so two creates at once make one take.
 */
export async function openTakeSlot(tx: Db, pairId: string, author: AuthorKey): Promise<void> {
  const [pair] = await tx
    .select({ state: postPairs.state })
    .from(postPairs)
    .where(eq(postPairs.id, pairId))
    .for("update");
  if (!pair) throw notFound("pair", TAKE_SLOT_MESSAGES.notFound);
  if (pair.state !== "accepted") throw conflict(TAKE_SLOT_MESSAGES.notAccepted);
  const [taken] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.pairId, pairId), eq(blogPosts.author, author)))
    .limit(1);
  if (taken) throw conflict(TAKE_SLOT_MESSAGES.taken);
}

/**
 * The revealed pair a post is a take of, with its takes (proposer's first), or null: a post of no
 * pair, or of a pair not yet revealed, shows alone (the seal).
 */
export async function revealedPairOf(
  db: Db,
  postId: string,
): Promise<{ id: string; topic: string; prompt: string; takeIds: string[] } | null> {
  const [pair] = await db
    .select({
      id: postPairs.id,
      topic: postPairs.topic,
      prompt: postPairs.prompt,
      proposedBy: postPairs.proposedBy,
    })
    .from(postPairs)
    .innerJoin(blogPosts, eq(blogPosts.pairId, postPairs.id))
    .where(and(eq(blogPosts.id, postId), eq(postPairs.state, "revealed")))
    .limit(1);
  if (!pair) return null;
  const takes = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.pairId, pair.id))
    .orderBy(sql`${blogPosts.author} = ${pair.proposedBy} desc`);
  return { id: pair.id, topic: pair.topic, prompt: pair.prompt, takeIds: takes.map((t) => t.id) };
}
