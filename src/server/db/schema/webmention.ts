import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { comments } from "./engagement";
import { blogPosts } from "./posts";

// ---- Webmention (W3C Recommendation, decision 0047): other blogs' links to our posts, and ours to theirs.

/**
 * A Webmention received for one of our posts: queued (`due_at`) by the endpoint, verified by the
 * worker, which claims it under `leased_at`. Once verified it is a mention (shown under the post)
 * or, when its h-entry is `in-reply-to` the post, a comment (`comment_id`). A source that no longer
 * links, or answers 410, takes the row away (§3.2).
 */
export const webmentionsReceived = pgTable(
  "webmentions_received",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    /** Set when (re-)sent: a verification is due. */
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }),
    leasedAt: timestamp("leased_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    /** Null until verified: 'mention' or 'reply'. */
    kind: text("kind", { enum: ["mention", "reply"] }),
    authorName: text("author_name"),
    authorUrl: text("author_url"),
    /** Our copy of the author's h-card photo (/uploads/avatars/…), never their address. */
    authorPhoto: text("author_photo"),
    excerpt: text("excerpt"),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "set null" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    /**
     * Set when the post's author removes the mention: it is no longer shown, and the verifier
     * keeps it set when the source sends again (the row is one per source and target).
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("webmentions_received_pair_idx").on(t.source, t.target),
    index("webmentions_received_post_idx").on(t.postId, t.verifiedAt),
    index("webmentions_received_due_idx").on(t.dueAt),
  ],
);

/**
 * A link from one of our posts to another site: a Webmention is due (`due_at`) each time the post
 * becomes public or changes, and once more after the link is gone (`linked_at` null), so the
 * receiver refetches and removes it (§3.2). Claimed under `leased_at` like the received ones.
 */
export const webmentionsSent = pgTable(
  "webmentions_sent",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** No foreign key: the row outlives a deleted post for its last send. */
    postId: uuid("post_id").notNull(),
    /** The post's address when the send was due (kept: a deleted post's last send names it). */
    source: text("source").notNull(),
    target: text("target").notNull(),
    /** Null once the post no longer links to the target (a last send is then due). */
    linkedAt: timestamp("linked_at", { withTimezone: true, mode: "date" }),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }),
    leasedAt: timestamp("leased_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** The endpoint's answer to the last send, or why nothing was sent ("no endpoint"). */
    result: text("result"),
  },
  (t) => [
    uniqueIndex("webmentions_sent_pair_idx").on(t.postId, t.target),
    index("webmentions_sent_due_idx").on(t.dueAt),
  ],
);
