import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { comments } from "./engagement";
import { blogPosts } from "./posts";

// ---- The social web (docs/fediverse.md, decision 0029): each author is an ActivityPub actor.

/** One actor per author: its handle and its key pairs (JWK), generated once on first use. */
export const fediverseActors = pgTable(
  "fediverse_actors",
  {
    author: text("author", { enum: ["him", "her"] }).primaryKey(),
    /** The part before the @ in `@handle@host`; changeable while nobody follows. */
    handle: text("handle").notNull().unique(),
    /** [{ privateKey, publicKey }] as JWK: RSA first (Mastodon), then Ed25519 (object proofs). */
    keys: jsonb("keys").$type<{ privateKey: JsonWebKey; publicKey: JsonWebKey }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("fediverse_actors_author_check", sql`${t.author} in ('him', 'her')`)],
);

/** A remote account following one author (accepted automatically). */
export const fediverseFollowers = pgTable(
  "fediverse_followers",
  {
    author: text("author", { enum: ["him", "her"] }).notNull(),
    /** The remote actor's id (URI). */
    actorId: text("actor_id").notNull(),
    /** `@user@host`, for lists. */
    handle: text("handle").notNull(),
    name: text("name").notNull().default(""),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** The Follow activity's id, for Undo. */
    followId: text("follow_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.author, t.actorId] }),
    index("fediverse_followers_list_idx").on(t.author, t.createdAt.desc()),
  ],
);

/** Fedify's key-value store (idempotence, fetched keys), with optional expiry. */
export const fediverseKv = pgTable("fediverse_kv", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
});

/** Fedify's message queue: deliveries and inbox work, claimed by one process at a time. */
export const fediverseQueue = pgTable(
  "fediverse_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    message: jsonb("message").notNull(),
    availableAt: timestamp("available_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set while a process works on it; a crash leaves it to be claimed again after it passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("fediverse_queue_due_idx").on(t.availableAt)],
);

/**
 * The activity being handed to Fedify's queue (fediverse/lease.ts): taken out of `pending` by one
 * process and cleared once Fedify holds it; a lease left by a process that died is taken again.
 */
const activityLease = {
  leasedKind: text("leased_kind", { enum: ["create", "update", "delete"] }),
  leasedAt: timestamp("leased_at", { withTimezone: true, mode: "date" }),
};

/**
 * What the social web was told about each post: sent once as Create, then Update, then Delete
 * (the row stays as the Tombstone). No foreign key: it outlives the post. `pending` is the next
 * activity to send (create | update | delete), cleared when the activity is handed to the queue.
 */
export const fediversePosts = pgTable(
  "fediverse_posts",
  {
    postId: uuid("post_id").primaryKey(),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    pending: text("pending", { enum: ["create", "update", "delete"] }),
    ...activityLease,
  },
  (t) => [index("fediverse_posts_pending_idx").on(t.pending).where(sql`pending is not null`)],
);

/** A Like or Announce of a post from the social web, counted apart from readers' likes. */
export const fediverseReactions = pgTable(
  "fediverse_reactions",
  {
    activityId: text("activity_id").primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["like", "announce"] }).notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("fediverse_reactions_post_idx").on(t.postId, t.kind)],
);

/** A reply from the social web that became a comment: its Note id, for Update and Delete. */
export const fediverseReplies = pgTable("fediverse_replies", {
  objectId: text("object_id").primaryKey(),
  commentId: uuid("comment_id")
    .notNull()
    .unique()
    .references(() => comments.id, { onDelete: "cascade" }),
  actorId: text("actor_id").notNull(),
  actorUrl: text("actor_url").notNull(),
});

/** Servers whose inbox traffic is refused (by host name). */
export const fediverseBlockedServers = pgTable("fediverse_blocked_servers", {
  host: text("host").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A reply written on Duet to a comment that came from the social web, sent back as a Note
 * (`/ap/replies/{commentId}`) signed by the post's author's actor (decision 0039). No foreign key
 * to the comment: the row outlives it as the Tombstone. `pending` is the next activity to send.
 */
export const fediverseSentReplies = pgTable(
  "fediverse_sent_replies",
  {
    commentId: uuid("comment_id").primaryKey(),
    postId: uuid("post_id").notNull(),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    /** The remote Note it answers, and that Note's actor (mentioned, and delivered to). */
    inReplyTo: text("in_reply_to").notNull(),
    remoteActorId: text("remote_actor_id").notNull(),
    remoteActorUrl: text("remote_actor_url").notNull(),
    /** `@user@host` of that actor, for the mention. */
    remoteHandle: text("remote_handle"),
    /** The text last sent: an edit that changes it sends Update. */
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
    pending: text("pending", { enum: ["create", "update", "delete"] }),
    ...activityLease,
  },
  (t) => [index("fediverse_sent_replies_pending_idx").on(t.pending).where(sql`pending is not null`)],
);

/** A `Flag` from a remote server about a post: shown in the post's author's inbox until dismissed. */
export const fediversePostReports = pgTable(
  "fediverse_post_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    activityId: text("activity_id").notNull(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("fediverse_post_reports_activity_idx").on(t.activityId, t.postId),
    index("fediverse_post_reports_post_idx").on(t.postId),
  ],
);

/**
 * An author's social-web settings that are the couple's data (archived, unlike the actor's keys):
 * whether new followers wait for approval, and the handles the author used before (aliases that
 * WebFinger keeps answering for the same actor after a handle change).
 */
export const fediverseActorSettings = pgTable(
  "fediverse_actor_settings",
  {
    author: text("author", { enum: ["him", "her"] }).primaryKey(),
    approveFollowers: boolean("approve_followers").notNull().default(false),
    oldHandles: jsonb("old_handles").$type<string[]>().notNull().default([]),
  },
  (t) => [check("fediverse_actor_settings_author_check", sql`${t.author} in ('him', 'her')`)],
);

/** A Follow held for the author's approval: nothing is sent to it until it is accepted. */
export const fediverseFollowRequests = pgTable(
  "fediverse_follow_requests",
  {
    author: text("author", { enum: ["him", "her"] }).notNull(),
    actorId: text("actor_id").notNull(),
    handle: text("handle").notNull(),
    name: text("name").notNull().default(""),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** The Follow activity's id, answered by Accept or Reject. */
    followId: text("follow_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.author, t.actorId] }),
    index("fediverse_follow_requests_list_idx").on(t.author, t.createdAt.desc()),
  ],
);

/**
 * A remote person's avatar, fetched once and stored in our uploads storage (never hot-linked).
 * `url` is our copy (/uploads/avatars/…), null when theirs could not be fetched or is not an image.
 */
export const fediverseAvatars = pgTable("fediverse_avatars", {
  actorId: text("actor_id").primaryKey(),
  /** Their icon's address when we fetched it: a new one is fetched again. */
  sourceUrl: text("source_url").notNull(),
  url: text("url"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
