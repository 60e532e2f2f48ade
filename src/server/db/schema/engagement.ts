import { type AnyPgColumn, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { blogPosts } from "./posts";

// ---- SPEC §3 collections: what readers do with a post (likes, comments).

export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId)],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** SPEC §3: the commenter's email prefix, kept as shown when written. */
    author: text("author").notNull(),
    content: text("content").notNull(),
    timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A reply's top-level comment (replies are one level deep); null for a top-level comment. */
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    /** The comment a reply answers (its parent, or another reply under it) and that writer's name. */
    replyToId: uuid("reply_to_id").references((): AnyPgColumn => comments.id, { onDelete: "set null" }),
    replyToAuthor: text("reply_to_author"),
    /** Deleted while it had replies: kept as '[deleted]' so its replies stay in place. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    /** Hidden by the post's author: readers no longer see it, its writer sees it marked hidden. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
    /** 'held': a new reader's first comment waiting for the post's author's approval. */
    status: text("status", { enum: ["published", "held"] })
      .notNull()
      .default("published"),
    /** When the post's author marked it read in the Inbox; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("comments_post_timestamp_idx").on(t.postId, t.timestamp.desc(), t.id.desc()),
    index("comments_parent_idx").on(t.parentId, t.timestamp, t.id),
    index("comments_user_idx").on(t.userId),
    // The Inbox: every new comment of one author's posts, newest first (read in this order).
    index("comments_timestamp_idx").on(t.timestamp.desc(), t.id.desc()),
    // Replies to a comment from the social web are found by it (fediverse/reply-sync.ts).
    index("comments_reply_to_idx").on(t.replyToId),
  ],
);
