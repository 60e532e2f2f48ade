import type { AuthorKey, PostStatus } from "../../common/limits";
import { resetLiveDocument } from "../collab/collab.reads";
import type { Db } from "../db/client";
import type { RecordEvent } from "../events";
import { deletePairRow, markPairUnpublished } from "../takes/takes.reads";
import { deletePost, findPostForWrite, updatePost } from "./post-writes.repository";
import { publishTime } from "./publish-time";
import { saveKind } from "./revisions.repository";

/** Status, schedule and re-dating: the only fields one author may change on the pair's takes. */
const STATUS_FIELDS = new Set(["status", "publishAt", "publishedAt"]);

/** A save that changes a take's status and nothing else (what the partner of a revealed pair may send). */
export function isStatusOnly(input: object & { status?: PostStatus }): boolean {
  return (
    input.status !== undefined &&
    Object.entries(input).every(([key, value]) => value === undefined || STATUS_FIELDS.has(key))
  );
}

/**
 * Decision 0046: a revealed pair is public as a whole or not at all. A status change of one take
 * (unpublish, republish, schedule) moves the other take to the same status in the same
 * transaction, each take keeping its own date when it already had that status; the pair row
 * records who unpublished it and when (a republish clears it). `postChanged` for each other take.
 */
export async function followPairStatus(
  tx: Db,
  record: RecordEvent,
  pair: { pairId: string; takeIds: string[] },
  savedId: string,
  input: { status?: PostStatus; publishAt?: string; publishedAt?: string },
  by: { id: string; authorKey: AuthorKey },
  now: Date,
): Promise<void> {
  if (input.status === undefined) return;
  for (const id of pair.takeIds) {
    if (id === savedId) continue;
    const other = await findPostForWrite(tx, id);
    if (!other) continue;
    const published = publishTime(input, other, now)!;
    const kind = saveKind(other, published, now, false);
    if (await updatePost(tx, id, published, { by: by.id, at: now, kind }))
      await record("postChanged", { postId: id });
  }
  await markPairUnpublished(
    tx,
    pair.pairId,
    input.status === "draft" ? { author: by.authorKey, at: now } : null,
  );
}

/** Decision 0046: deleting either take of a revealed pair deletes both takes and the pair. */
export async function deletePairTakes(
  tx: Db,
  record: RecordEvent,
  pair: { pairId: string; takeIds: string[] },
): Promise<boolean> {
  let any = false;
  for (const id of pair.takeIds) {
    if (!(await deletePost(tx, id))) continue;
    any = true;
    await record("postChanged", { postId: id });
    await resetLiveDocument(tx, record, "posts", id, "always");
  }
  await deletePairRow(tx, pair.pairId);
  return any;
}
