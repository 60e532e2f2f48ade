import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PAIR_STATES } from "../../../common/limits";

// ---- Two takes (docs/decisions/0046-two-takes.md): one topic, a take of each author.

/**
 * A two-takes post: the shared topic, its prompt and reveal date, and where it is in its life
 * (proposed → accepted or declined; accepted → revealed). It holds no text of either take: each
 * take is a post of its author.
 */
export const postPairs = pgTable(
  "post_pairs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    topic: text("topic").notNull(),
    prompt: text("prompt").notNull().default(""),
    /** When both takes go public if both are ready by then; null: as soon as both are. */
    revealAt: timestamp("reveal_at", { withTimezone: true, mode: "date" }),
    state: text("state", { enum: PAIR_STATES }).notNull().default("proposed"),
    /** The author value who proposed it; the other one accepts or declines. */
    proposedBy: text("proposed_by", { enum: ["him", "her"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    revealedAt: timestamp("revealed_at", { withTimezone: true, mode: "date" }),
    /** Each author's take marked ready (null: not ready; a take can be un-readied). */
    himReadyAt: timestamp("him_ready_at", { withTimezone: true, mode: "date" }),
    herReadyAt: timestamp("her_ready_at", { withTimezone: true, mode: "date" }),
    /** Who last unpublished the revealed pair (both takes at once) and when; null while public. */
    unpublishedBy: text("unpublished_by", { enum: ["him", "her"] }),
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("post_pairs_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("post_pairs_state_check", sql`${t.state} in ('proposed', 'accepted', 'declined', 'revealed')`),
    check("post_pairs_proposed_by_check", sql`${t.proposedBy} in ('him', 'her')`),
  ],
);
