import { and, eq, gt, inArray, isNotNull, isNull, lte, min, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { blogPosts, postPairs } from "../db/schema";

/**
 * The reveal of two takes (docs/decisions/0046-two-takes.md), run by the publishing claim
 * (posts/publishing.ts) in its one transaction: a pair is due when it is accepted, both takes
 * are written and ready, and its reveal date, if it has one, has come. Never one take alone.
 */
function bothReady(): SQL {
  return and(
    eq(postPairs.state, "accepted"),
    isNotNull(postPairs.himReadyAt),
    isNotNull(postPairs.herReadyAt),
    sql`(select count(*) from ${blogPosts} where ${blogPosts.pairId} = ${postPairs.id}) = 2`,
  )!;
}

const dueWhere = (now: Date): SQL =>
  and(bothReady(), or(isNull(postPairs.revealAt), lte(postPairs.revealAt, now)))!;

/** A quick look before the claim's transaction: is any pair due? */
export async function anyRevealDue(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: postPairs.id }).from(postPairs).where(dueWhere(now)).limit(1);
  return !!row;
}

/**
 * Reveal every due pair in `tx`: the pair first (one UPDATE, which PostgreSQL lets one
 * transaction make per row, so two claimers reveal it once), then both takes public, dated now
 * and not yet announced, so the claim's own UPDATE announces them in this transaction.
 */
export async function revealDue(tx: Db, now: Date): Promise<string[]> {
  const pairs = await tx
    .update(postPairs)
    .set({ state: "revealed", revealedAt: now })
    .where(dueWhere(now))
    .returning({ id: postPairs.id });
  const ids = pairs.map((p) => p.id);
  if (!ids.length) return [];
  await tx
    .update(blogPosts)
    .set({ status: "published", date: now, announcedAt: null })
    .where(inArray(blogPosts.pairId, ids));
  return ids;
}

/** The next reveal date of a pair whose takes are both ready, for the publishing timer. */
export async function nextRevealAt(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(postPairs.revealAt) })
    .from(postPairs)
    .where(and(bothReady(), gt(postPairs.revealAt, now)));
  return row?.next ? new Date(row.next) : null;
}
