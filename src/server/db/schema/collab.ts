import { bigserial, customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// ---- Writing together: the live documents' Yjs updates (docs/decisions/0048-writing-together.md).

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // Both drivers take a Buffer and hand back a Buffer or a Uint8Array; the room reads a Uint8Array.
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Each Yjs update of a live post or page, stored before it is relayed (a restart loses nothing
 * that reached the other author), merged into one row from time to time (compaction). No foreign
 * key: `doc` names a post or a page (`posts:<id>`, `pages:<id>`); a save from outside the
 * session, or the deletion, removes its rows.
 */
export const collabUpdates = pgTable(
  "collab_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    doc: text("doc").notNull(),
    update: bytea("update").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("collab_updates_doc_idx").on(t.doc, t.id)],
);
