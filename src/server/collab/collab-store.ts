import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { collabUpdates } from "../db/schema";

// The stored Yjs updates of the live documents (db/schema/collab.ts): appended as they come,
// read by the first room of a document in a process and by the others as they are told of them.

export interface StoredUpdate {
  id: number;
  update: Uint8Array;
}

/** Store one update; returns its row id (what the other processes are told). */
export async function storeUpdate(db: Db, doc: string, update: Uint8Array): Promise<number> {
  const [row] = await db.insert(collabUpdates).values({ doc, update }).returning({ id: collabUpdates.id });
  return row!.id;
}

/** A document's updates after `after` (every one with 0), and the one row `also` (a NOTIFY's). */
export function updatesOf(db: Db, doc: string, after = 0, also?: number): Promise<StoredUpdate[]> {
  const since = gt(collabUpdates.id, after);
  return db
    .select({ id: collabUpdates.id, update: collabUpdates.update })
    .from(collabUpdates)
    .where(and(eq(collabUpdates.doc, doc), also ? or(since, eq(collabUpdates.id, also)) : since))
    .orderBy(asc(collabUpdates.id));
}

/**
 * Merge a document's rows into one (`merge` is Y.mergeUpdates): the rows taken are the ones this
 * transaction deletes, so two processes compacting at once each keep what they took, once.
 * Returns the merged row's id and size, or null when there was nothing to merge.
 */
export async function compactUpdates(
  db: Db,
  doc: string,
  merge: (updates: Uint8Array[]) => Uint8Array,
): Promise<{ id: number; bytes: number } | null> {
  // One row (or none) is compact already: nothing is rewritten.
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(collabUpdates)
    .where(eq(collabUpdates.doc, doc));
  if ((counted?.n ?? 0) < 2) return null;
  return db.transaction(async (tx) => {
    const taken = await tx
      .delete(collabUpdates)
      .where(eq(collabUpdates.doc, doc))
      .returning({ id: collabUpdates.id, update: collabUpdates.update });
    if (taken.length === 0) return null;
    taken.sort((a, b) => a.id - b.id);
    const merged = merge(taken.map((row) => row.update));
    const [row] = await tx
      .insert(collabUpdates)
      .values({ doc, update: merged })
      .returning({ id: collabUpdates.id });
    return { id: row!.id, bytes: merged.length };
  });
}

/** Forget a document's live state (a save from outside it, or its deletion): every row, or up to `upTo`. */
export async function dropUpdates(db: Db, doc: string, upTo?: number): Promise<void> {
  await db
    .delete(collabUpdates)
    .where(and(eq(collabUpdates.doc, doc), upTo === undefined ? undefined : lte(collabUpdates.id, upTo)));
}

/** Whether a document has any live state to reset. */
export async function hasUpdates(db: Db, doc: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(collabUpdates)
    .where(eq(collabUpdates.doc, doc))
    .limit(1);
  return rows.length > 0;
}
