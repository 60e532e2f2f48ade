import { count, desc, eq, inArray } from "drizzle-orm";
import type { RemoteWriter } from "../../common/engagement";
import { initialsOf } from "../../common/rules/initials";
import { REMOTE_USER_PREFIX } from "../../common/social-web";
import type { SocialWebReactions } from "../../common/types";
import type { Db } from "../db/client";
import { fediverseAvatars, fediverseReactions, fediverseReplies } from "../db/schema";

/**
 * What other features read of the social web (the post page shows its reactions, and its replies'
 * writers with their profile and avatar).
 */

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

/**
 * 'Ana Lima (@ana@social.example)' → 'AL', '@bo@social.example' → 'B': the name's initials, not
 * the address's (computed here, so the reader's bundle carries no code for it).
 */
export function remoteInitials(author: string): string {
  const name = author
    .replace(/\s*\(@[^)]*\)$/, "")
    .replace(/^@/, "")
    .split("@")[0]!;
  return initialsOf(name);
}

/**
 * The writers of the listed comments that came from the social web: their profile's address and
 * our stored copy of their avatar (null → initials). Comments from readers are not looked up.
 */
export async function remoteWritersOf(
  db: Db,
  rows: readonly { comment: { id: string; userId: string; author: string } }[],
): Promise<Record<string, RemoteWriter>> {
  const ids = rows.filter((r) => r.comment.userId.startsWith(REMOTE_USER_PREFIX)).map((r) => r.comment.id);
  if (ids.length === 0) return {};
  const found = await db
    .select({
      commentId: fediverseReplies.commentId,
      profileUrl: fediverseReplies.actorUrl,
      avatarUrl: fediverseAvatars.url,
    })
    .from(fediverseReplies)
    .leftJoin(fediverseAvatars, eq(fediverseAvatars.actorId, fediverseReplies.actorId))
    .where(inArray(fediverseReplies.commentId, ids));
  const authorOf = new Map(rows.map((r) => [r.comment.id, r.comment.author]));
  const out: Record<string, RemoteWriter> = {};
  for (const row of found) {
    // Only http(s) profile links reach the page (an actor's url is theirs to choose).
    const profileUrl = /^https?:\/\//.test(row.profileUrl) ? row.profileUrl : "";
    const initials = remoteInitials(authorOf.get(row.commentId) ?? "");
    out[row.commentId] = { profileUrl, avatarUrl: row.avatarUrl ?? null, initials };
  }
  return out;
}
