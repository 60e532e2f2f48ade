import type { Recipient } from "@fedify/vocab";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { fediverseFollowers, fediversePosts } from "../db/schema";
import { ACTOR_PATH, isAuthorKey } from "./actors";
import { publicArticlePost } from "./article-post";
import { createActivity } from "./articles";
import type { DuetFederation } from "./federation-type";
import { COLLECTION_PAGE_SIZE } from "./people-pages";
import { blockedHosts, onHost } from "./remote-people";

const offsetOf = (cursor: string): number => {
  const n = Number.parseInt(cursor, 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
const next = (offset: number, got: number): string | null =>
  got < COLLECTION_PAGE_SIZE ? null : String(offset + COLLECTION_PAGE_SIZE);

export const toRecipient = (row: typeof fediverseFollowers.$inferSelect): Recipient => ({
  id: new URL(row.actorId),
  inboxId: new URL(row.inbox),
  endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
});

/** Followers and outbox: public and paginated; without a cursor (deliveries), every follower. */
export function registerCollections(federation: DuetFederation): void {
  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (fctx, identifier, cursor) => {
      if (!isAuthorKey(identifier)) return null;
      const query = fctx.data.db
        .select()
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.author, identifier))
        .orderBy(desc(fediverseFollowers.createdAt), desc(fediverseFollowers.actorId));
      if (cursor === null) {
        // Deliveries: never to a blocked server (decision 0039).
        const blocked = await blockedHosts(fctx.data.db);
        const rows = (await query).filter((r) => !onHost(blocked, r.actorId) && !onHost(blocked, r.inbox));
        return { items: rows.map(toRecipient) };
      }
      const offset = offsetOf(cursor);
      const rows = await query.limit(COLLECTION_PAGE_SIZE).offset(offset);
      return { items: rows.map(toRecipient), nextCursor: next(offset, rows.length) };
    })
    .setFirstCursor(async () => "0")
    .setCounter(async (fctx, identifier) => {
      if (!isAuthorKey(identifier)) return 0;
      const [row] = await fctx.data.db
        .select({ n: count() })
        .from(fediverseFollowers)
        .where(eq(fediverseFollowers.author, identifier));
      return row?.n ?? 0;
    });

  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (fctx, identifier, cursor) => {
      if (!isAuthorKey(identifier) || cursor === null) return null;
      const offset = offsetOf(cursor);
      const rows = await sentPosts(fctx.data.db, identifier).limit(COLLECTION_PAGE_SIZE).offset(offset);
      const items = [];
      for (const row of rows) {
        const post = await publicArticlePost(fctx.data, row.postId);
        if (post) items.push(createActivity(fctx, post, fctx.data.config.publicUrl));
      }
      return { items, nextCursor: next(offset, rows.length) };
    })
    .setFirstCursor(async () => "0")
    .setCounter(async (fctx, identifier) => {
      if (!isAuthorKey(identifier)) return 0;
      const [row] = await fctx.data.db
        .select({ n: count() })
        .from(fediversePosts)
        .where(and(eq(fediversePosts.author, identifier), isNull(fediversePosts.deletedAt)));
      return row?.n ?? 0;
    });
}

function sentPosts(db: import("../db/client").Db, author: AuthorKey) {
  return db
    .select({ postId: fediversePosts.postId })
    .from(fediversePosts)
    .where(and(eq(fediversePosts.author, author), isNull(fediversePosts.deletedAt)))
    .orderBy(desc(fediversePosts.createdAt), desc(fediversePosts.postId));
}
