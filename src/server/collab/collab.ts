import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WebSocket } from "ws";
import { COLLAB_CLOSE, COLLAB_LIMITS } from "../../common/collab";
import type { Database, Db } from "../db/client";
import { listenOn } from "../db/listen";
import { rowsOf } from "../db/rows";
import { compactUpdates, dropUpdates, storeUpdate, updatesOf } from "./collab-store";
import { COLLAB_CHANNEL, type CollabNotice, notice, parseNotice } from "./relay";
import type { Room } from "./room";
import type { RoomHost } from "./room-host";

// Writing together in this process (docs/decisions/0048-writing-together.md): the live rooms by
// document, loaded on the first join and freed when the last socket leaves; on PostgreSQL the
// other processes' updates and awareness arrive over LISTEN/NOTIFY (relay.ts). The room code
// and yjs are imported on the first upgrade only.

type RoomModule = typeof import("./room");
/** Null while the socket may stay open; otherwise the code it is closed with. */
export type StillAllowed = () => Promise<number | null>;

export class Collab {
  /** This process, in its notifications (its own are not read back). */
  readonly instance = randomUUID();
  private readonly rooms = new Map<string, Promise<Room>>();
  private module: Promise<RoomModule> | null = null;
  private listening: Promise<(() => Promise<void>) | null> | null = null;
  private closed = false;
  private readonly host: RoomHost;
  /**
   * Each open socket's document and "may it stay?": null, or the close code when its session ended
   * (4401) or the document is no longer its to open (4403). Looked at every sessionCheckMs.
   */
  private readonly sessions = new Map<WebSocket, { doc: string; allowed: StillAllowed }>();
  private sessionTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    const db = database.db;
    const postgres = database.kind === "postgres";
    this.host = {
      load: (doc, after, also) => updatesOf(db, doc, after, also),
      store: (doc, update) => (postgres ? this.storeAndNotify(doc, update) : storeUpdate(db, doc, update)),
      compact: async (doc, merge) => (await compactUpdates(db, doc, merge))?.bytes ?? null,
      relayAwareness: (doc, update) => {
        const payload = postgres ? notice({ kind: "a", from: this.instance, doc, update }) : null;
        if (payload) db.execute(sql`select pg_notify(${COLLAB_CHANNEL}, ${payload})`).catch(() => {});
      },
      emptied: (room) => {
        void this.rooms.get(room.key)?.then((current) => {
          if (current === room) this.rooms.delete(room.key);
        });
      },
      log,
    };
  }

  /** Live rooms in this process (the tests and the metrics). */
  get openRooms(): number {
    return this.rooms.size;
  }

  /**
   * A socket opened on `doc`: it joins the room (loaded first if this process has none). What it
   * sends meanwhile is kept and read in order once the room is there.
   */
  async join(doc: string, socket: WebSocket, stillAllowed: StillAllowed): Promise<void> {
    this.watchSession(doc, socket, stillAllowed);
    const queued: Array<{ data: Buffer; binary: boolean }> = [];
    const keep = (data: Buffer, binary: boolean) => queued.push({ data, binary });
    socket.on("message", keep);
    try {
      for (let tries = 0; tries < 3; tries++) {
        const room = await this.roomOf(doc);
        if (socket.readyState !== socket.OPEN) {
          room.releaseIfEmpty();
          return;
        }
        socket.off("message", keep);
        if (room.join(socket, queued)) return;
        socket.on("message", keep);
      }
      socket.close(1013, "try again");
    } catch (error) {
      this.log("writing together: could not open a document", error);
      socket.close(1011, "could not open the document");
    } finally {
      socket.off("message", keep);
    }
  }

  /**
   * The document was saved from outside its session, or deleted: its rooms close with 4409 in
   * every process and its stored updates go. `tx` is the write's transaction (the rows go with it,
   * and on PostgreSQL the other processes hear of it at its commit); what it returns runs after.
   */
  async reset(tx: Db, doc: string): Promise<() => Promise<void>> {
    await dropUpdates(tx, doc);
    if (this.database.kind === "postgres")
      await tx.execute(
        sql`select pg_notify(${COLLAB_CHANNEL}, ${notice({ kind: "r", from: this.instance, doc })})`,
      );
    return () => this.closeRoom(doc);
  }

  /**
   * Who may open `doc` changed (its sharing stopped): `tx` is the write's transaction; on
   * PostgreSQL the other processes hear of it at its commit. What it returns runs after the commit.
   */
  async accessChanged(tx: Db, doc: string): Promise<() => Promise<void>> {
    if (this.database.kind === "postgres")
      await tx.execute(
        sql`select pg_notify(${COLLAB_CHANNEL}, ${notice({ kind: "c", from: this.instance, doc })})`,
      );
    return () => this.checkSessions(doc);
  }

  /**
   * Look at every open socket (or those on `doc`) now: a signed-out author's closes with 4401, one
   * whose document is no longer theirs to open with 4403. A failed look keeps the socket.
   */
  async checkSessions(doc?: string): Promise<void> {
    await Promise.all(
      [...this.sessions].map(async ([socket, session]) => {
        if (doc !== undefined && session.doc !== doc) return;
        const code = await session.allowed().catch(() => null);
        if (code !== null)
          socket.close(code, code === COLLAB_CLOSE.signedOut ? "signed out" : "no longer shared");
      }),
    );
  }

  /** Close the server's rooms (the app is closing): the clients reconnect to another process. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    const stop = await this.listening?.catch(() => null);
    await stop?.();
    const rooms = await Promise.allSettled([...this.rooms.values()]);
    this.rooms.clear();
    await Promise.all(
      rooms.map((r) => (r.status === "fulfilled" ? r.value.close(1012, "the server restarts") : null)),
    );
  }

  private watchSession(doc: string, socket: WebSocket, allowed: StillAllowed): void {
    this.sessions.set(socket, { doc, allowed });
    socket.once("close", () => this.sessions.delete(socket));
    if (this.sessionTimer) return;
    this.sessionTimer = setInterval(() => void this.checkSessions(), COLLAB_LIMITS.sessionCheckMs);
    this.sessionTimer.unref();
  }

  private async roomOf(doc: string): Promise<Room> {
    if (this.closed) throw new Error("the server is closing");
    this.module ??= import("./room");
    const { Room } = await this.module;
    // Listening before the first load: nothing stored after the load goes unheard.
    await this.listen();
    let room = this.rooms.get(doc);
    if (!room) {
      room = Room.open(doc, this.host);
      this.rooms.set(doc, room);
      room.catch(() => this.rooms.delete(doc));
    }
    const opened = await room;
    if (opened.closed && this.rooms.get(doc) === room) this.rooms.delete(doc);
    return opened;
  }

  /** This process's rooms close with 4409; the rows they stored after the reset's delete go too. */
  private async closeRoom(doc: string): Promise<void> {
    const entry = this.rooms.get(doc);
    if (!entry) return;
    this.rooms.delete(doc);
    const room = await entry.catch(() => null);
    const lastStored = await room?.close(COLLAB_CLOSE.savedElsewhere, "saved elsewhere: reload");
    if (lastStored) await dropUpdates(this.database.db, doc, lastStored).catch(() => {});
  }

  private listen(): Promise<unknown> {
    const pool = this.database.pool;
    if (this.database.kind !== "postgres" || !pool) return Promise.resolve();
    this.listening ??= listenOn(
      pool,
      COLLAB_CHANNEL,
      {
        heard: (payload) => {
          const n = parseNotice(payload);
          if (n) this.heard(n);
        },
        reconnected: () => this.catchUp(),
      },
      this.log,
      "writing together",
    );
    return this.listening;
  }

  private heard(n: CollabNotice): void {
    if (n.from === this.instance) return;
    if (n.kind === "r" || n.kind === "c") {
      void (n.kind === "r" ? this.closeRoom(n.doc) : this.checkSessions(n.doc));
      return;
    }
    const entry = this.rooms.get(n.doc);
    if (!entry) return;
    void entry
      .then((room) => (n.kind === "u" ? room.pull(n.id) : room.applyRemoteAwareness(n.update)))
      .catch((error: unknown) => this.log("writing together: could not follow another process", error));
  }

  /** After a reconnect of the listening connection: read what may have been missed. */
  private catchUp(): void {
    for (const entry of this.rooms.values()) void entry.then((room) => room.pull()).catch(() => {});
  }

  /** Insert and NOTIFY in one statement: the notice leaves at the commit, with the row's id. */
  private async storeAndNotify(doc: string, update: Uint8Array): Promise<number> {
    const prefix = `u|${this.instance}|${doc}|`;
    const bytes = Buffer.from(update.buffer, update.byteOffset, update.byteLength);
    const result = await this.database.db.execute(sql`
      with row as (insert into collab_updates (doc, update) values (${doc}, ${bytes}) returning id)
      select id::text as id, pg_notify(${COLLAB_CHANNEL}, ${prefix} || id::text) from row`);
    return Number(rowsOf<{ id: string }>(result)[0]!.id);
  }
}
