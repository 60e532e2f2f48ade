import { count, desc, eq, sum } from "drizzle-orm";
import type { SocialWebReactions } from "../../common/social-web";
import type { Db } from "../db/client";
import { blueskyRecords, fediverseReactions } from "../db/schema";

// What the post page shows of the social web's likes and boosts, read from the social web's
// tables; the fediverse feature writes them.

/** Names shown on hover, at most. */
const NAMES_SHOWN = 10;

/** A post's likes and boosts from the social web, or null when it has none. */
export async function socialWebReactions(db: Db, postId: string): Promise<SocialWebReactions | null> {
  const counts = await db
    .select({ kind: fediverseReactions.kind, n: count() })
    .from(fediverseReactions)
    .where(eq(fediverseReactions.postId, postId))
    .groupBy(fediverseReactions.kind);
  if (counts.length === 0) return null;
  const recent = await db
    .select({ name: fediverseReactions.actorName })
    .from(fediverseReactions)
    .where(eq(fediverseReactions.postId, postId))
    .orderBy(desc(fediverseReactions.createdAt))
    .limit(NAMES_SHOWN * 2);
  return {
    likes: counts.find((c) => c.kind === "like")?.n ?? 0,
    boosts: counts.find((c) => c.kind === "announce")?.n ?? 0,
    names: [...new Set(recent.map((r) => r.name).filter(Boolean))].slice(0, NAMES_SHOWN),
  };
}

/** A post's likes and reposts on Bluesky (its cards' threads, decision 0051), or null when none. */
export async function blueskyReactions(
  db: Db,
  postId: string,
): Promise<{ likes: number; reposts: number } | null> {
  const [row] = await db
    .select({ likes: sum(blueskyRecords.likeCount), reposts: sum(blueskyRecords.repostCount) })
    .from(blueskyRecords)
    .where(eq(blueskyRecords.postId, postId));
  const likes = Number(row?.likes ?? 0);
  const reposts = Number(row?.reposts ?? 0);
  return likes || reposts ? { likes, reposts } : null;
}
