import type { AuthorKey } from "../../common/limits";
import type { PostPair } from "../../common/takes";
import type { PairRow } from "./pairs.repository";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The one presenter of a pair, as the signed-in author `me` sees it. */
export function toPostPair(row: PairRow, me: AuthorKey): PostPair {
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
  };
}
