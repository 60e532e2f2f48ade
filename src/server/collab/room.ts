import type { WebSocket } from "ws";
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from "y-protocols/awareness";
import * as Y from "yjs";
import { COLLAB_LIMITS } from "../../common/collab";
import type { AwarenessChange, RoomHost } from "./room-host";
import { Conn, pingAll, type RoomSide } from "./room-socket";
import { Malformed, MESSAGE_AWARENESS, MESSAGE_SYNC, message, SYNC_STEP1, SYNC_UPDATE } from "./wire";

// One live document in this process: a Y.Doc and its awareness, the sockets editing it
// (room-socket.ts reads their messages), its stored updates (docs/writing-together.md). This
// module and yjs load with the first upgrade only (collab.ts).

/** From another process (stored already): relayed to this process's sockets, never stored again. */
const REMOTE = Symbol("remote");
const LOAD = Symbol("load");
const PING_MS = 30_000;

export class Room implements RoomSide {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  private readonly conns = new Map<WebSocket, Conn>();
  /** The stored updates' size since the last compaction: an upper bound of the document's. */
  private bytes = 0;
  private storedSinceCompaction = 0;
  /** The highest row id applied or stored here: a catch-up reads past it. */
  private floor = 0;
  private lastStored = 0;
  /** Stores (and what waits for them) run one after another: an update is relayed once stored. */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly ping: NodeJS.Timeout;
  closed = false;

  private constructor(
    readonly key: string,
    private readonly host: RoomHost,
  ) {
    this.awareness.setLocalState(null);
    this.doc.on("update", (update: Uint8Array, origin: unknown) => this.onDocUpdate(update, origin));
    this.awareness.on("update", (change: AwarenessChange, origin: unknown) =>
      this.onAwarenessUpdate(change, origin),
    );
    this.ping = setInterval(() => pingAll(this.conns.values()), PING_MS);
    this.ping.unref();
  }

  /** The room of `key`, with every update stored so far. */
  static async open(key: string, host: RoomHost): Promise<Room> {
    const rows = await host.load(key);
    const room = new Room(key, host);
    Y.transact(
      room.doc,
      () => {
        for (const row of rows) Y.applyUpdate(room.doc, row.update, LOAD);
      },
      LOAD,
    );
    room.bytes = rows.reduce((sum, row) => sum + row.update.length, 0);
    room.floor = rows.at(-1)?.id ?? 0;
    room.storedSinceCompaction = rows.length;
    return room;
  }

  /** Rows another process stored (past `floor`, and row `id`): applied and relayed, not stored. */
  async pull(id?: number): Promise<void> {
    if (this.closed) return;
    for (const row of await this.host.load(this.key, this.floor, id)) {
      if (this.closed) return;
      this.floor = Math.max(this.floor, row.id);
      Y.applyUpdate(this.doc, row.update, REMOTE);
    }
  }

  /** Awareness from another process. */
  applyRemoteAwareness(update: Uint8Array): void {
    if (this.closed) return;
    try {
      applyAwarenessUpdate(this.awareness, update, REMOTE);
    } catch (error) {
      this.host.log("writing together: another process's awareness update did not apply", error);
    }
  }

  /** A socket joins, with what it sent while the room loaded (false: the room closed, open another). */
  join(socket: WebSocket, queued: Array<{ data: Buffer; binary: boolean }>): boolean {
    if (this.closed) return false;
    const conn = new Conn(socket);
    this.conns.set(socket, conn);
    socket.on("message", (data: Buffer, binary: boolean) => {
      if (!this.closed) conn.receive(this, data, binary);
    });
    socket.on("pong", () => {
      conn.alive = true;
    });
    socket.on("close", () => this.leave(conn));
    // The server's state vector first (the client answers with what the server lacks), then
    // who is here.
    conn.send(message([MESSAGE_SYNC, SYNC_STEP1], Y.encodeStateVector(this.doc)));
    const states = this.allAwareness();
    if (states) conn.send(message([MESSAGE_AWARENESS], states));
    for (const { data, binary } of queued) conn.receive(this, data, binary);
    return true;
  }

  /** Close every socket with `code` and stop; the last row id this room stored. */
  async close(code: number, reason: string): Promise<number> {
    this.closed = true;
    for (const conn of this.conns.values()) conn.refuse(code, reason);
    this.conns.clear();
    await this.chain.catch(() => {});
    this.destroy();
    return this.lastStored;
  }

  answerStep1(stateVector: Uint8Array): Uint8Array {
    try {
      return Y.encodeStateAsUpdate(this.doc, stateVector);
    } catch {
      throw new Malformed("a state vector that does not decode");
    }
  }

  applyUpdate(update: Uint8Array, from: Conn): "ok" | "too large" {
    // Decoded on its own first: a malformed update never reaches the document.
    try {
      Y.decodeUpdate(update);
    } catch {
      throw new Malformed("an update that does not decode");
    }
    if (this.bytes + update.length > COLLAB_LIMITS.maxDocumentBytes) return "too large";
    try {
      Y.applyUpdate(this.doc, update, from);
    } catch {
      throw new Malformed("an update that does not apply");
    }
    return "ok";
  }

  applyAwareness(update: Uint8Array, from: Conn): void {
    try {
      applyAwarenessUpdate(this.awareness, update, from);
    } catch {
      throw new Malformed("an awareness update that does not decode");
    }
  }

  allAwareness(): Uint8Array | null {
    const states = [...this.awareness.getStates().keys()];
    return states.length ? encodeAwarenessUpdate(this.awareness, states) : null;
  }

  log(text: string, error?: unknown): void {
    this.host.log(text, error);
  }

  /**
   * A change to the document. Yjs encodes what changed (never the client's bytes as sent); from a
   * socket it is stored, then relayed; from another process it is relayed only.
   */
  private onDocUpdate(update: Uint8Array, origin: unknown): void {
    if (origin === LOAD || this.closed) return;
    const relay = message([MESSAGE_SYNC, SYNC_UPDATE], update);
    // Only what changed counts (another process's merged row adds nothing already here).
    this.bytes += update.length;
    if (origin === REMOTE) {
      this.broadcast(relay, null);
      return;
    }
    this.chain = this.chain.then(async () => {
      if (this.closed) return;
      try {
        const id = await this.host.store(this.key, update);
        this.lastStored = Math.max(this.lastStored, id);
        this.floor = Math.max(this.floor, id);
      } catch (error) {
        // Not stored, so not relayed: the sockets reconnect and sync from what the database holds.
        this.host.log("writing together: an update could not be stored", error);
        void this.close(1011, "could not store the update");
        return;
      }
      this.broadcast(relay, origin as Conn);
      if (++this.storedSinceCompaction >= COLLAB_LIMITS.compactAfter) await this.compact();
    });
  }

  private onAwarenessUpdate(change: AwarenessChange, origin: unknown): void {
    if (this.closed) return;
    if (origin instanceof Conn) {
      for (const id of [...change.added, ...change.updated]) origin.clients.add(id);
      for (const id of change.removed) origin.clients.delete(id);
    }
    const update = encodeAwarenessUpdate(this.awareness, [
      ...change.added,
      ...change.updated,
      ...change.removed,
    ]);
    // To every socket, the sender's too (y-websocket counts a message as a sign of life).
    this.broadcast(message([MESSAGE_AWARENESS], update), null);
    if (origin !== REMOTE) this.host.relayAwareness(this.key, update);
  }

  private leave(conn: Conn): void {
    if (this.conns.get(conn.socket) !== conn) return;
    this.conns.delete(conn.socket);
    if (conn.clients.size) removeAwarenessStates(this.awareness, [...conn.clients], null);
    this.releaseIfEmpty();
  }

  /**
   * The last one out (or a socket that closed while the room loaded): compact once the updates
   * are stored, then free the room, unless someone joined meanwhile.
   */
  releaseIfEmpty(): void {
    if (this.conns.size > 0 || this.closed) return;
    this.chain = this.chain.then(async () => {
      if (this.closed || this.conns.size > 0) return;
      await this.compact();
      if (this.closed || this.conns.size > 0) return;
      this.destroy();
      this.host.emptied(this);
    });
  }

  private async compact(): Promise<void> {
    try {
      const merged = await this.host.compact(this.key, (updates) => Y.mergeUpdates(updates));
      this.storedSinceCompaction = 0;
      if (merged !== null) this.bytes = merged;
    } catch (error) {
      this.host.log("writing together: could not compact a document", error);
    }
  }

  private destroy(): void {
    this.closed = true;
    clearInterval(this.ping);
    this.awareness.destroy();
    this.doc.destroy();
  }

  private broadcast(data: Uint8Array, except: Conn | null): void {
    for (const conn of this.conns.values()) if (conn !== except && !conn.refused) conn.send(data);
  }
}
