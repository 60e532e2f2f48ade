import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sitePages } from "./pages";
import { blogPosts } from "./posts";

// ---- Notes in the margin (docs/decisions/0048-writing-together.md): the authors' words about a
// draft, kept apart from it: never in the post's HTML, a letter, a feed or the social web.

/**
 * A note on a post or a page, anchored to the words it is about by two Yjs relative positions
 * (opaque to the server: base64 of `Y.encodeRelativePosition`), with those words as they were
 * (`quote`). A reply is a note with a `parent_id` and no anchor of its own.
 */
export const draftNotes = pgTable(
  "draft_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "cascade" }),
    pageId: uuid("page_id").references(() => sitePages.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => draftNotes.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["him", "her"] }).notNull(),
    anchorStart: text("anchor_start"),
    anchorEnd: text("anchor_end"),
    quote: text("quote").notNull().default(""),
    body: text("body").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    resolvedBy: text("resolved_by", { enum: ["him", "her"] }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("draft_notes_post_idx").on(t.postId, t.createdAt),
    index("draft_notes_page_idx").on(t.pageId, t.createdAt),
    index("draft_notes_parent_idx").on(t.parentId),
    check("draft_notes_one_document", sql`(${t.postId} is null) <> (${t.pageId} is null)`),
    check("draft_notes_author_check", sql`${t.author} in ('him', 'her')`),
  ],
);
