import { and, eq } from "drizzle-orm";
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
