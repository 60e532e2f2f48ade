import type { WebSocket } from "ws";
import { COLLAB_CLOSE, COLLAB_LIMITS } from "../../common/collab";
import {
  message as frame,
  Malformed,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  Reader,
  SYNC_STEP1,
  SYNC_STEP2,
  SYNC_UPDATE,
} from "./wire";

// One socket of a room: its limits (size, rate) and the y-websocket messages it may send, read
// into calls on the room. Whatever it sends that is not the protocol closes it with 4400.

/** What a socket's messages do to its room (room.ts). */
export interface RoomSide {
  /** The update this document lacks after the client's state vector (throws Malformed). */
  answerStep1(stateVector: Uint8Array): Uint8Array;
  /** Apply a client's update (Malformed if it does not decode; "too large" past the document's limit). */
  applyUpdate(update: Uint8Array, from: Conn): "ok" | "too large";
  applyAwareness(update: Uint8Array, from: Conn): void;
  /** Every awareness state, encoded (null when nobody is here). */
  allAwareness(): Uint8Array | null;
  log(message: string, error?: unknown): void;
}

export class Conn {
  /** The awareness client ids this socket set (removed when it leaves). */
  readonly clients = new Set<number>();
  alive = true;
  /** Closed by us: whatever else it sends is ignored. */
  refused = false;
  private tokens: number = COLLAB_LIMITS.messageBurst;
  private refilled = Date.now();

  constructor(readonly socket: WebSocket) {}

  send(data: Uint8Array): undefined {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(data);
    return undefined;
  }

  refuse(code: number, reason: string): undefined {
    this.refused = true;
    this.socket.close(code, reason);
    return undefined;
  }

  /** One message from the client. */
  receive(room: RoomSide, data: Buffer, binary: boolean): undefined {
    if (this.refused) return;
    const now = Date.now();
    this.tokens = Math.min(
      COLLAB_LIMITS.messageBurst,
      this.tokens + ((now - this.refilled) / 1000) * COLLAB_LIMITS.messagesPerSecond,
    );
    this.refilled = now;
    if (this.tokens < 1) return this.refuse(COLLAB_CLOSE.tooMany, "too many messages");
    this.tokens -= 1;
    if (data.length > COLLAB_LIMITS.maxMessageBytes)
      return this.refuse(COLLAB_CLOSE.tooLarge, "message too large");
    if (!binary) return this.refuse(COLLAB_CLOSE.badMessage, "binary messages only");
    try {
      this.handle(room, new Reader(new Uint8Array(data.buffer, data.byteOffset, data.length)));
    } catch (error) {
      if (!(error instanceof Malformed)) room.log("writing together: a message failed", error);
      this.refuse(COLLAB_CLOSE.badMessage, "malformed message");
    }
  }

  private handle(room: RoomSide, reader: Reader): undefined {
    const type = reader.uint();
    if (type === MESSAGE_QUERY_AWARENESS) {
      const states = room.allAwareness();
      if (states) this.send(frame([MESSAGE_AWARENESS], states));
      return;
    }
    if (type === MESSAGE_AWARENESS) {
      const update = reader.bytesField();
      if (update.length > COLLAB_LIMITS.maxAwarenessBytes)
        return this.refuse(COLLAB_CLOSE.tooLarge, "awareness too large");
      room.applyAwareness(update, this);
      return;
    }
    if (type !== MESSAGE_SYNC) throw new Malformed(`unknown message type ${type}`);
    const step = reader.uint();
    const payload = reader.bytesField();
    if (step === SYNC_STEP1) return this.send(frame([MESSAGE_SYNC, SYNC_STEP2], room.answerStep1(payload)));
    if (step !== SYNC_STEP2 && step !== SYNC_UPDATE) throw new Malformed(`unknown sync step ${step}`);
    if (room.applyUpdate(payload, this) === "too large")
      this.refuse(COLLAB_CLOSE.tooLarge, "document too large");
  }
}

/** Every 30 s: a socket that did not answer the last ping is gone (a laptop closed, a dead link). */
export function pingAll(conns: Iterable<Conn>): void {
  for (const conn of conns) {
    if (!conn.alive) conn.socket.terminate();
    else {
      conn.alive = false;
      conn.socket.ping();
    }
  }
}
