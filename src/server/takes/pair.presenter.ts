import type { AuthorKey } from "../../common/limits";
import type { PostPair, TakeState } from "../../common/takes";
import type { PairRow, TakeRef } from "./pairs.repository";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The one presenter of a pair, as the signed-in author `me` sees it: of each take its state
 * only (docs/decisions/0046-two-takes.md), and the id of `me`'s own take.
 */
export function toPostPair(row: PairRow, me: AuthorKey, takes: TakeRef[], now: Date): PostPair {
  const mine = takes.find((t) => t.pairId === row.id && t.author === me);
  const state = (author: AuthorKey, readyAt: Date | null): TakeState =>
    !takes.some((t) => t.pairId === row.id && t.author === author)
      ? "not started"
      : readyAt
        ? "ready"
        : "writing";
  const takeStates = { him: state("him", row.himReadyAt), her: state("her", row.herReadyAt) };
  return {
    id: row.id,
    topic: row.topic,
    prompt: row.prompt,
    revealAt: iso(row.revealAt),
    state: row.state,
    proposedBy: row.proposedBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    revealedAt: iso(row.revealedAt),
    waitingForMe: row.state === "proposed" && row.proposedBy !== me,
    revealDatePassed:
      row.state === "accepted" &&
      row.revealAt !== null &&
      row.revealAt.getTime() <= now.getTime() &&
      (takeStates.him !== "ready" || takeStates.her !== "ready"),
    takes: takeStates,
    myTakeId: mine?.postId ?? null,
  };
}
