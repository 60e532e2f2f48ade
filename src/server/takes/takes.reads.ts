import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { paths } from "../../common/routes";
import { isId } from "../../common/schemas/id";
import { publicAuthorName } from "../../common/site-names";
import { authorProfilesNow } from "../authors/authors.reads";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { blogPosts, postPairs } from "../db/schema";
import type { Config } from "../env";
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
 * Before a take is deleted (the posts feature's delete, in its transaction): its author's ready
 * time goes with it, so a take written again is 'writing' until its author marks it ready.
 */
export async function releaseTakeSlot(tx: Db, postId: string): Promise<void> {
  const [take] = await tx
    .select({ pairId: blogPosts.pairId, author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId))
    .limit(1);
  if (!take?.pairId) return;
  await tx
    .update(postPairs)
    .set(take.author === "him" ? { himReadyAt: null } : { herReadyAt: null })
    .where(eq(postPairs.id, take.pairId));
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

/** Which of these posts are takes of a pair not yet revealed (the studio marks them: the seal). */
export async function sealedTakeIds(db: Db, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .innerJoin(postPairs, eq(blogPosts.pairId, postPairs.id))
    .where(and(inArray(blogPosts.id, postIds), ne(postPairs.state, "revealed")));
  return new Set(rows.map((row) => row.id));
}

/**
 * The other take of a revealed pair (decision 0046), as a letter or an Article links it: its
 * author's public name and its absolute address with the take's anchor. Null for any other post.
 */
export async function otherTakeOf(
  db: Db,
  config: Pick<Config, "publicUrl" | "authorEmails">,
  postId: string,
): Promise<{ authorName: string; url: string } | null> {
  const pair = await revealedPairOf(db, postId);
  const otherId = pair?.takeIds.find((id) => id !== postId);
  if (!otherId) return null;
  const [other] = await db
    .select({ slug: blogPosts.slug, author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, otherId));
  if (!other) return null;
  const profile = (await authorProfilesNow(db, config.authorEmails)).find((p) => p.author === other.author);
  return {
    authorName: publicAuthorName(other.author, profile?.name),
    url: `${config.publicUrl}${paths.post(other.slug)}#take-${other.author}`,
  };
}

/**
 * Where a post's likes and comments live (decision 0046: one conversation under both takes): a
 * revealed pair's proposer's take, for either take; any other post is its own. Null when no post
 * has this id. One indexed read.
 */
export async function conversationPostId(db: Db, postId: string): Promise<string | null> {
  if (!isId(postId)) return null;
  const result = await db.execute(sql`
    select coalesce(first.id, p.id) as id from ${blogPosts} p
    left join ${postPairs} pair on pair.id = p.pair_id and pair.state = 'revealed'
    left join ${blogPosts} first on first.pair_id = pair.id and first.author = pair.proposed_by
    where p.id = ${postId}::uuid`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Where a post's comments and likes live: either take of a revealed pair shares the proposer's
 * take's (decision 0046). Cached until the next write; an id that names no post is not kept.
 */
export const conversationOf = (ctx: AppContext, postId: string): Promise<string | null> =>
  ctx.cache.getOrLoad(
    `conversation|${postId}`,
    () => conversationPostId(ctx.db, postId),
    (found) => found !== null,
  );

/** A pair still proposed (its partner is told of it), or null once it is answered or gone. */
export async function openProposal(
  db: Db,
  pairId: string,
): Promise<{ topic: string; prompt: string; revealAt: Date | null; proposedBy: AuthorKey } | null> {
  const [pair] = await db
    .select({
      topic: postPairs.topic,
      prompt: postPairs.prompt,
      revealAt: postPairs.revealAt,
      proposedBy: postPairs.proposedBy,
    })
    .from(postPairs)
    .where(and(eq(postPairs.id, pairId), eq(postPairs.state, "proposed")));
  return pair ?? null;
}

/** The author of a revealed pair's other take (the partner in its one conversation), or null. */
export async function partnerTakeAuthor(db: Db, postId: string): Promise<AuthorKey | null> {
  const pair = await revealedPairOf(db, postId);
  const otherId = pair?.takeIds.find((id) => id !== postId);
  if (!otherId) return null;
  const [other] = await db
    .select({ author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, otherId));
  return other?.author ?? null;
}
