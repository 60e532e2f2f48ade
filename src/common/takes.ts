import type { AuthorKey, PairState } from "./limits";

/** All the partner learns of a take before the reveal (never a word of it). */
export type TakeState = "not started" | "writing" | "ready";

/**
 * A two-takes post as either author sees it in the studio (docs/decisions/0046-two-takes.md):
 * the pair's own fields, never a word of either take.
 */
export interface PostPair {
  id: string;
  topic: string;
  prompt: string;
  /** ISO 8601; null: revealed as soon as both takes are ready. */
  revealAt: string | null;
  state: PairState;
  proposedBy: AuthorKey;
  createdAt: string;
  decidedAt: string | null;
  revealedAt: string | null;
  /** The studio notice: a proposal the signed-in author has yet to accept or decline. */
  waitingForMe: boolean;
  /** The reveal date has passed with a take not ready: each author is told (nothing is revealed alone). */
  revealDatePassed: boolean;
  /** Each author's take, as a state only. */
  takes: Record<AuthorKey, TakeState>;
  /** The signed-in author's own take (a post of theirs), once started; never the partner's. */
  myTakeId: string | null;
}
