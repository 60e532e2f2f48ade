import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { blogPosts, postPairs } from "../db/schema";

export type PairRow = typeof postPairs.$inferSelect;

/** The pairs a studio list shows: two people write few of them, so the newest ones are enough. */
export const PAIRS_LIST_MAX = 100;

export async function insertPair(
  db: Db,
  pair: { topic: string; prompt: string; revealAt: Date | null; proposedBy: AuthorKey },
  now: Date,
): Promise<PairRow> {
  const [row] = await db
    .insert(postPairs)
    .values({ ...pair, state: "proposed", createdAt: now })
    .returning();
  return row!;
}

export async function findPair(db: Db, id: string): Promise<PairRow | null> {
  const [row] = await db.select().from(postPairs).where(eq(postPairs.id, id)).limit(1);
  return row ?? null;
}

export function listPairs(db: Db): Promise<PairRow[]> {
  return db
    .select()
    .from(postPairs)
    .orderBy(sql`${postPairs.createdAt} desc nulls last`, sql`${postPairs.id} desc nulls last`)
    .limit(PAIRS_LIST_MAX);
}

/**
 * Accept or decline a proposal: one UPDATE that only a `proposed` pair of the other author
 * passes, so two answers at once (or an answer and a second one) change it once. Null when it
 * did not pass (the caller tells why).
 */
export async function answerPair(
  db: Db,
  id: string,
  answerer: AuthorKey,
  answer: "accepted" | "declined",
  now: Date,
): Promise<PairRow | null> {
  const [row] = await db
    .update(postPairs)
    .set({ state: answer, decidedAt: now })
    .where(and(eq(postPairs.id, id), eq(postPairs.state, "proposed"), ne(postPairs.proposedBy, answerer)))
    .returning();
  return row ?? null;
}

/** Which takes exist: the pair, the author and the post, never a word of the post. */
export interface TakeRef {
  pairId: string;
  author: AuthorKey;
  postId: string;
}

export async function takesOf(db: Db, pairIds: string[]): Promise<TakeRef[]> {
  if (!pairIds.length) return [];
  const rows = await db
    .select({ pairId: blogPosts.pairId, author: blogPosts.author, postId: blogPosts.id })
    .from(blogPosts)
    .where(and(isNotNull(blogPosts.pairId), inArray(blogPosts.pairId, pairIds)));
  return rows.map((r) => ({ ...r, pairId: r.pairId! }));
}

const readyColumn = { him: "himReadyAt", her: "herReadyAt" } as const;

/**
 * Mark this author's take ready (a time) or not (null): only while the pair is accepted and only
 * when the take exists. Null when it did not pass.
 */
export async function setReady(
  db: Db,
  id: string,
  author: AuthorKey,
  at: Date | null,
): Promise<PairRow | null> {
  const [row] = await db
    .update(postPairs)
    .set({ [readyColumn[author]]: at })
    .where(
      and(
        eq(postPairs.id, id),
        eq(postPairs.state, "accepted"),
        sql`exists (select 1 from ${blogPosts} where ${blogPosts.pairId} = ${postPairs.id} and ${blogPosts.author} = ${author})`,
      ),
    )
    .returning();
  return row ?? null;
}
