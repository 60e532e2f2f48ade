import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { comments } from "./engagement";

// ---- Bluesky / atproto (docs/bluesky.md, decision 0049): each author's own account, connected
// with an app password, and the records each public post puts in that account's repository.

/**
 * One connected Bluesky (atproto) account per author. The app password and the session tokens
 * are sealed (secret.ts `sealerOf`): never answered, logged or exported (an archive leaves this
 * table out). The publication record (`site.standard.publication`) is put once per blog.
 */
export const blueskyAccounts = pgTable(
  "bluesky_accounts",
  {
    author: text("author", { enum: ["him", "her"] }).primaryKey(),
    did: text("did").notNull(),
    handle: text("handle").notNull(),
    /** The account's PDS, from its DID document's `#atproto_pds` service. */
    pdsUrl: text("pds_url").notNull(),
    /** Sealed app password: a lapsed session is made again with it. */
    appPassword: text("app_password").notNull(),
    /** Sealed `{ accessJwt, refreshJwt }` of the current session. */
    session: text("session").notNull(),
    connectedAt: timestamp("connected_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The blog's `site.standard.publication` record key (a TID), chosen on connecting. */
    publicationRkey: text("publication_rkey").notNull(),
    /** Set once the publication record is in the repository (its CID as the PDS answered). */
    publicationCid: text("publication_cid"),
    /** The publication record as last put (JSON): a renamed blog is put again. */
    publicationRecord: text("publication_record"),
    /** Why the last try to put or delete a record failed (shown on the Audience page), or null. */
    lastError: text("last_error"),
  },
  (t) => [check("bluesky_accounts_author_check", sql`${t.author} in ('him', 'her')`)],
);

/**
 * A public post's two records in its author's repository: the `site.standard.document` and the
 * `app.bsky.feed.post` card it references. `pending` says what is due (`put` after it became
 * public or was edited, `delete` once it is no longer public); the worker claims a due row under
 * `leased_at` (SKIP LOCKED), and `version` tells a finished try whether a newer change came in.
 * No foreign key: a deleted post's records must still be deleted.
 */
export const blueskyRecords = pgTable(
  "bluesky_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    postId: uuid("post_id").notNull(),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    /** The account the records go to (a later account of the author is another repository). */
    did: text("did").notNull(),
    /** TIDs chosen when the post first became due: the same records are put again on an edit. */
    documentRkey: text("document_rkey").notNull(),
    postRkey: text("post_rkey").notNull(),
    /** Set once put (the AT-URIs follow from did and rkeys), cleared once deleted. */
    documentCid: text("document_cid"),
    postCid: text("post_cid"),
    pending: text("pending", { enum: ["put", "delete"] }),
    version: integer("version").notNull().default(0),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }),
    leasedAt: timestamp("leased_at", { withTimezone: true, mode: "date" }),
    attempts: integer("attempts").notNull().default(0),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    /** When the card's thread is read again for replies and counts (decision 0051); null: not. */
    pollAt: timestamp("poll_at", { withTimezone: true, mode: "date" }),
    pollLeasedAt: timestamp("poll_leased_at", { withTimezone: true, mode: "date" }),
    pollAttempts: integer("poll_attempts").notNull().default(0),
    /** The card's likes and reposts on Bluesky, as its thread last said. */
    likeCount: integer("like_count").notNull().default(0),
    repostCount: integer("repost_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("bluesky_records_post_idx").on(t.postId, t.author),
    index("bluesky_records_poll_idx").on(t.pollAt),
    index("bluesky_records_due_idx").on(t.dueAt),
    check("bluesky_records_author_check", sql`${t.author} in ('him', 'her')`),
  ],
);

/**
 * A reply on Bluesky to a card (or to a reply under it) that came home as a comment (decision
 * 0051): its AT-URI, so it is stored once, and gone from the thread, its comment goes too.
 */
export const blueskyReplies = pgTable(
  "bluesky_replies",
  {
    uri: text("uri").primaryKey(),
    commentId: uuid("comment_id")
      .notNull()
      .unique()
      .references(() => comments.id, { onDelete: "cascade" }),
    /** The card it answers (bluesky_records.id): a thread read settles its own replies only. */
    recordId: integer("record_id").notNull(),
    did: text("did").notNull(),
    handle: text("handle").notNull(),
  },
  (t) => [index("bluesky_replies_record_idx").on(t.recordId)],
);
