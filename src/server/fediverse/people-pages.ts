import { inArray } from "drizzle-orm";
import { remoteInitials } from "../content/remote-initials";
import type { Db } from "../db/client";
import { fediverseAvatars } from "../db/schema";

/** Items of one page of a collection (followers, outbox) or of a studio list of remote people. */
export const COLLECTION_PAGE_SIZE = 20;

/** A remote person as the Audience page lists them (a follower, or a follow held for approval). */
interface RemotePersonRow {
  actorId: string;
  handle: string;
  name: string | null;
  createdAt: Date;
}

/**
 * One page of remote people for the studio (followers or held follows): our copy of each avatar,
 * initials without one, and the next page's offset as the cursor. Plain database reads: the studio
 * lists them without loading Fedify.
 */
export async function remotePeoplePage(
  db: Db,
  rows: readonly RemotePersonRow[],
  offset: number,
  total: number,
) {
  const avatars = await avatarUrlsOf(
    db,
    rows.map((r) => r.actorId),
  );
  return {
    total,
    items: rows.map((r) => ({
      handle: r.handle,
      name: r.name,
      actorId: r.actorId,
      avatarUrl: avatars.get(r.actorId) ?? null,
      initials: remoteInitials(r.name || r.handle),
      since: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length < COLLECTION_PAGE_SIZE ? null : String(offset + COLLECTION_PAGE_SIZE),
  };
}

/** Our copies of these people's avatars (actor id → /uploads/avatars/…), for lists and comments. */
async function avatarUrlsOf(db: Db, actorIds: readonly string[]): Promise<Map<string, string>> {
  if (actorIds.length === 0) return new Map();
  const rows = await db
    .select({ actorId: fediverseAvatars.actorId, url: fediverseAvatars.url })
    .from(fediverseAvatars)
    .where(inArray(fediverseAvatars.actorId, [...new Set(actorIds)]));
  return new Map(rows.flatMap((r) => (r.url ? [[r.actorId, r.url] as const] : [])));
}
