import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { POST_STATUSES, REVISION_KINDS } from "../../common/limits";
import type { PostImage } from "../../common/types";

// ---- Better Auth's tables (user, session, account, verification, rateLimit), written by hand
// from its documented schema so that one Drizzle schema and one migration set covers everything.

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---- SPEC §3 collections.

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    date: timestamp("date", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    imageUrl: text("image_url"),
    images: jsonb("images").$type<PostImage[]>().notNull().default([]),
    hashtags: text("hashtags").array().notNull().default(sql`'{}'::text[]`),
    likes: integer("likes").notNull().default(0),
    lastUpdated: timestamp("last_updated", { withTimezone: true, mode: "date" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * draft | scheduled | published. `date` is the publish time: a post is public when it is not a
     * draft and its date has come (src/common/rules/post-visibility.ts, the one rule).
     */
    status: text("status", { enum: POST_STATUSES }).notNull().default("published"),
    /**
     * When the once-only "post became public" event was claimed (posts/publishing.ts). Rows written
     * without it (existing, seeded, imported posts) count as already announced; the studio's
     * writes set null so the event fires once when the post first becomes public.
     */
    announcedAt: timestamp("announced_at", { withTimezone: true, mode: "date" }).default(sql`now()`),
  },
  (t) => [
    index("blog_posts_author_date_idx").on(t.author, t.date.desc(), t.id.desc()),
    index("blog_posts_date_idx").on(t.date.desc(), t.id.desc()),
    index("blog_posts_hashtags_idx").using("gin", t.hashtags),
    index("blog_posts_unannounced_idx").on(t.date).where(sql`announced_at is null`),
    check("blog_posts_author_check", sql`${t.author} in ('him', 'her')`),
    check("blog_posts_likes_check", sql`${t.likes} >= 0`),
    check("blog_posts_status_check", sql`${t.status} in ('draft', 'scheduled', 'published')`),
  ],
);

/** Every save of a post keeps one revision (what the author wrote; status and likes are not content). */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Save order (several saves can share a millisecond). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** create | edit | autosave | restore */
    kind: text("kind", { enum: REVISION_KINDS }).notNull(),
    /** For kind 'restore': the revision that was restored. */
    restoredFrom: uuid("restored_from"),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull(),
    hashtags: text("hashtags").array().notNull().default(sql`'{}'::text[]`),
    images: jsonb("images").$type<PostImage[]>().notNull().default([]),
    imageUrl: text("image_url"),
  },
  (t) => [index("post_revisions_post_idx").on(t.postId, t.seq.desc())],
);

/** The name, short bio and photo readers see for each author value. */
export const authorProfiles = pgTable(
  "author_profiles",
  {
    author: text("author", { enum: ["him", "her"] }).primaryKey(),
    name: text("name").notNull().default(""),
    bio: text("bio").notNull().default(""),
    photoUrl: text("photo_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("author_profiles_author_check", sql`${t.author} in ('him', 'her')`)],
);

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
  },
  (t) => [
    index("comments_post_timestamp_idx").on(t.postId, t.timestamp.desc(), t.id.desc()),
    index("comments_parent_idx").on(t.parentId, t.timestamp, t.id),
    index("comments_user_idx").on(t.userId),
  ],
);

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
    kind: text("kind", { enum: ["confirm", "post", "reply", "comment"] }).notNull(),
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
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    unique("mail_queue_follower_post_unique").on(t.followerId, t.postId),
    index("mail_queue_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** A signed-in user's email notifications (a missing row means both are on). */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Someone replied to one of my comments. */
  replies: boolean("replies").notNull().default(true),
  /** Someone commented on one of my posts (authors). */
  comments: boolean("comments").notNull().default(true),
  /** Secret of the "stop these emails" link. */
  token: text("token").notNull().unique(),
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

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** pending → sent, or failed after the last attempt. */
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    ip: text("ip"),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** One row: a counter every write bumps, so processes sharing one PostgreSQL can drop stale caches. */
export const siteState = pgTable("site_state", {
  id: integer("id").primaryKey(),
  contentVersion: bigint("content_version", { mode: "number" }).notNull().default(0),
});
