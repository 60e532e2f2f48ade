import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { blogPosts } from "./posts";

// ---- Draft sharing (docs/decisions/0050-draft-sharing.md): a post's owner invites the other
// author into it. A row means "shared with the partner": there are two authors, so who it is
// shared with is the one who is not the post's author.

/**
 * A post its author shared with the other author, from `shared_at` until "Stop sharing" deletes
 * the row. It opens the post to the partner only while the post is not public and not a sealed
 * take (server/posts/post-shares.ts decides; the row alone grants nothing).
 */
export const postShares = pgTable("post_shares", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  sharedAt: timestamp("shared_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
