import { eq } from "drizzle-orm";
import { deleteComment } from "../comments/comments.repository";
import type { AppContext } from "../context";
import {
  fediverseFollowers,
  fediverseFollowRequests,
  fediverseReactions,
  fediverseReplies,
} from "../db/schema";

/**
 * A remote account was deleted (`Delete` whose object is the actor itself, signed by it): it
 * stops following either author, its waiting follow requests go, its likes and boosts stop
 * counting, and its comments go as if its server had deleted each reply: a comment with answers
 * stays as "[deleted]" so the answers keep their place (the readers' rule). Nothing is delivered
 * to it afterwards.
 */
export async function forgetRemoteAccount(app: AppContext, actorId: string): Promise<void> {
  await app.db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorId, actorId));
  await app.db.delete(fediverseFollowRequests).where(eq(fediverseFollowRequests.actorId, actorId));
  await app.db.delete(fediverseReactions).where(eq(fediverseReactions.actorId, actorId));
  const replies = await app.db
    .select({ commentId: fediverseReplies.commentId })
    .from(fediverseReplies)
    .where(eq(fediverseReplies.actorId, actorId));
  for (const { commentId } of replies) await deleteComment(app.db, commentId, app.now());
  app.cache.invalidate();
}
