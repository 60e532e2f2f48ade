// What a room (room.ts) needs from its process (collab.ts): the database and the other processes.

export interface StoredRow {
  id: number;
  update: Uint8Array;
}

export interface RoomHost {
  /** The document's stored updates after row `after` (all with 0), and row `also`. */
  load(doc: string, after?: number, also?: number): Promise<StoredRow[]>;
  /** Store an update and tell the other processes; its row id. */
  store(doc: string, update: Uint8Array): Promise<number>;
  /** Merge the stored updates into one row; the merged size, or null when nothing was merged. */
  compact(doc: string, merge: (updates: Uint8Array[]) => Uint8Array): Promise<number | null>;
  /** Tell the other processes of an awareness update. */
  relayAwareness(doc: string, update: Uint8Array): void;
  /** The last socket left and its updates are stored: the room is gone. */
  emptied(room: { readonly key: string }): void;
  log(message: string, error?: unknown): void;
}

/** What y-protocols' awareness reports changed. */
export interface AwarenessChange {
  added: number[];
  updated: number[];
  removed: number[];
}
