import { eq, inArray } from "drizzle-orm";
import type { RemoteWriter } from "../../common/engagement";
import { REMOTE_USER_PREFIX } from "../../common/social-web";
import { remoteInitials } from "../content/remote-initials";
import type { Db } from "../db/client";
import { blueskyReplies, fediverseAvatars, fediverseReplies, webmentionsReceived } from "../db/schema";

// What a page of comments shows of the replies that came from the social web or as Webmentions
// or from Bluesky (their writers' profile and avatar), read from the tables the fediverse feature writes.

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
  // A Webmention reply: its h-card's URL and our copy of its photo.
  const mentioned = await db
    .select({
      commentId: webmentionsReceived.commentId,
      profileUrl: webmentionsReceived.authorUrl,
      avatarUrl: webmentionsReceived.authorPhoto,
    })
    .from(webmentionsReceived)
    .where(inArray(webmentionsReceived.commentId, ids));
  // A Bluesky reply (decision 0051): the account's profile there, our copy of its avatar.
  const skeeted = await db
    .select({ commentId: blueskyReplies.commentId, did: blueskyReplies.did, avatarUrl: fediverseAvatars.url })
    .from(blueskyReplies)
    .leftJoin(fediverseAvatars, eq(fediverseAvatars.actorId, blueskyReplies.did))
    .where(inArray(blueskyReplies.commentId, ids));
  const bluesky = skeeted.map((r) => ({
    commentId: r.commentId,
    profileUrl: `https://bsky.app/profile/${r.did}`,
    avatarUrl: r.avatarUrl,
  }));
  const authorOf = new Map(rows.map((r) => [r.comment.id, r.comment.author]));
  const out: Record<string, RemoteWriter> = {};
  for (const row of [...found, ...mentioned, ...bluesky]) {
    if (!row.commentId) continue;
    // Only http(s) profile links reach the page (an actor's url is theirs to choose).
    const profileUrl = row.profileUrl && /^https?:\/\//.test(row.profileUrl) ? row.profileUrl : "";
    const initials = remoteInitials(authorOf.get(row.commentId) ?? "");
    out[row.commentId] = { profileUrl, avatarUrl: row.avatarUrl ?? null, initials };
  }
  return out;
}
