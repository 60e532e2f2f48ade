import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { POST_STATUSES, REVISION_KINDS } from "../../../common/limits";
import type { PostImage } from "../../../common/types";
import { user } from "./auth";
import { POST_SEARCH_DOCUMENT, tsvector } from "./search";
import { postPairs } from "./takes";

// ---- SPEC §3 collections: posts, their revisions and the authors' profiles.

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /**
     * The post's address, `/post/{slug}` (docs/decisions/0033-post-addresses.md). Unique. An insert
     * without one (the '' default) gets one from the title by the `blog_posts_slug_fill` trigger
     * (migration 0008), which also makes a taken slug unique with a `-2`, `-3`… suffix.
     */
    slug: text("slug").notNull().default(""),
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
    /** Email the post to the author's followers when it becomes public (the studio's choice). */
    sendToFollowers: boolean("send_to_followers").notNull().default(true),
    /**
     * A take of a two-takes post (docs/decisions/0046-two-takes.md): a draft until its pair is
     * revealed, which the `blog_posts_take_sealed` trigger (migration 0019) holds for every write.
     */
    pairId: uuid("pair_id").references(() => postPairs.id, { onDelete: "cascade" }),
    /** What search matches and ranks (db/schema/search.ts); derived, never written. */
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(sql.raw(POST_SEARCH_DOCUMENT)),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_author_date_idx").on(t.author, t.date.desc(), t.id.desc()),
    // The studio's Posts page filtered by status, newest first.
    index("blog_posts_author_status_date_idx").on(t.author, t.status, t.date.desc(), t.id.desc()),
    index("blog_posts_date_idx").on(t.date.desc(), t.id.desc()),
    index("blog_posts_hashtags_idx").using("gin", t.hashtags),
    index("blog_posts_search_idx").using("gin", t.searchVector),
    // One take per author and pair.
    uniqueIndex("blog_posts_pair_author_idx").on(t.pairId, t.author).where(sql`pair_id is not null`),
    index("blog_posts_unannounced_idx").on(t.date).where(sql`announced_at is null`),
    check("blog_posts_author_check", sql`${t.author} in ('him', 'her')`),
    check("blog_posts_likes_check", sql`${t.likes} >= 0`),
    check("blog_posts_status_check", sql`${t.status} in ('draft', 'scheduled', 'published')`),
  ],
);

/** A post's earlier addresses: each keeps redirecting (301) to the post's current slug. */
export const postOldSlugs = pgTable(
  "post_old_slugs",
  {
    slug: text("slug").primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("post_old_slugs_post_idx").on(t.postId)],
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
    /** The stored photo's natural width (srcset over its WebP variants); null when not known. */
    photoWidth: integer("photo_width"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("author_profiles_author_check", sql`${t.author} in ('him', 'her')`)],
);
