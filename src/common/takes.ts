import type { AuthorKey, PairState } from "./limits";

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
}
