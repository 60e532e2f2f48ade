import type { FastifyRequest } from "fastify";
import { COLLAB_SAVE_HEADER, type CollabKind, collabDocKey } from "../../common/collab";
import type { Db } from "../db/client";
import type { RecordEvent } from "../events";
import { hasUpdates } from "./collab-store";

/**
 * A write of a post or page that did not come from its co-editing session (no `x-duet-collab: 1`),
 * or its deletion (`always`): when the document has a live state, the write's transaction records
 * `collabReset`, and every session of it closes with 4409 once it commits (subscribers.ts).
 */
export async function resetLiveDocument(
  tx: Db,
  record: RecordEvent,
  kind: CollabKind,
  id: string,
  request: FastifyRequest | "always",
): Promise<void> {
  if (request !== "always" && request.headers[COLLAB_SAVE_HEADER] === "1") return;
  const doc = collabDocKey(kind, id);
  if (await hasUpdates(tx, doc)) await record("collabReset", { doc });
}
