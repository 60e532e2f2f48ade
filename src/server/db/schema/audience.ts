import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { comments } from "./engagement";
import { blogPosts } from "./posts";

// ---- Audience: followers by email, the outgoing mail queue, notification and moderation settings.
// Plain tables (no encoded blobs), so a data export can read them as they are.

/** A person following one author by email (double opt-in: nothing is sent before confirmedAt). */
export const followers = pgTable(
  "followers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised (trimmed, lower-case). */
    email: text("email").notNull(),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    /** Set when a signed-in reader followed. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Secret of the confirmation and unsubscribe links. */
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true, mode: "date" }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
    /** When a confirmation email for this row was last queued (one per address and blog per hour). */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true, mode: "date" }),
    /** Permanent delivery failures (SMTP 5xx) in a row; at BOUNCE_LIMIT the address is bouncing. */
    bounceCount: integer("bounce_count").notNull().default(0),
    /** Set when the address turned bouncing: nothing is mailed to it any more. */
    bouncedAt: timestamp("bounced_at", { withTimezone: true, mode: "date" }),
    /** The last permanent failure's SMTP answer (shown on the Audience page). */
    bounceReason: text("bounce_reason"),
  },
  (t) => [
    unique("followers_email_author_unique").on(t.email, t.author),
    index("followers_author_idx").on(t.author, t.confirmedAt),
    check("followers_author_check", sql`${t.author} in ('him', 'her')`),
  ],
);

/**
 * Outgoing audience mail, stored before it is sent and claimed by one worker at a time
 * (FOR UPDATE SKIP LOCKED). A post reaches a follower once: unique (follower, post).
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", {
      enum: ["confirm", "post", "reply", "comment", "verify", "takes", "note"],
    }).notNull(),
    toEmail: text("to_email").notNull(),
    followerId: uuid("follower_id").references(() => followers.id, { onDelete: "cascade" }),
    postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** RFC 8058 one-click target (List-Unsubscribe), when the email has one. */
    unsubscribeUrl: text("unsubscribe_url"),
    status: text("status", { enum: ["pending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Set while a sender holds the row (its lease); the embedded database frees it at start. */
    leasedAt: timestamp("leased_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    unique("mail_queue_follower_post_unique").on(t.followerId, t.postId),
    index("mail_queue_due_idx").on(t.status, t.nextAttemptAt),
    // Per-recipient limits count what one address was sent lately (audience/recipient-limits.ts).
    index("mail_queue_recipient_idx").on(t.toEmail, t.kind, t.createdAt),
  ],
);

/**
 * The send rate shared by every process (MAIL_QUEUE_PER_MINUTE): one row per queue holds the next
 * free send slot; a sender takes a slot by moving it on in one UPDATE (audience/send-rate.ts).
 */
export const mailRate = pgTable("mail_rate", {
  name: text("name").primaryKey(),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** A signed-in user's email notifications (a missing row means both are on). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Someone replied to one of my comments. */
  replies: boolean("replies").notNull().default(true),
  /** Someone commented on one of my posts (authors). */
  comments: boolean("comments").notNull().default(true),
  /** My partner proposed a two-takes post (authors; decision 0046). */
  takes: boolean("takes").notNull().default(true),
  /** My partner left a note in the margin of a draft, or replied to one (authors; decision 0048). */
  notes: boolean("notes").notNull().default(true),
  /** Secret of the "stop these emails" link. */
  token: text("token").notNull().unique(),
  /**
   * The address this reader proved by the emailed link (notifications go only to a proven
   * mailbox, and only while it is still the account's address). Kept apart from Better Auth's
   * emailVerified, which makes an author address an admin (docs/decisions/0024-mail-abuse-limits.md).
   */
  verifiedEmail: text("verified_email"),
  /** SHA-256 of the pending verification link's secret, and the address it was sent to. */
  verifyTokenHash: text("verify_token_hash").unique(),
  verifyEmail: text("verify_email"),
  verifySentAt: timestamp("verify_sent_at", { withTimezone: true, mode: "date" }),
});

/** Readers an author blocked from commenting on their blog. */
export const commentBlocks = pgTable(
  "comment_blocks",
  {
    author: text("author", { enum: ["him", "her"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.author, t.userId] })],
);

/** A reader's report of a comment, waiting in the post's author's inbox until resolved. */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

/** Per-author moderation settings (/admin). */
export const authorSettings = pgTable("author_settings", {
  author: text("author", { enum: ["him", "her"] }).primaryKey(),
  /** Hold a new reader's first comment on this author's posts for approval. Off by default. */
  holdFirstComments: boolean("hold_first_comments").notNull().default(false),
});
