import { randomUUID } from "node:crypto";
import { and, eq, inArray, min, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { domainEvents, eventDeliveries } from "./db/schema";
import {
  type DomainEvent,
  type DomainEvents,
  EVENTS_CHANNEL,
  type EventName,
  type RecordEvent,
  type RecordEventIn,
  type Subscriber,
} from "./events";
import { KickLoop } from "./kick-loop";
import {
  claimDueDeliveries,
  markDeliveryFailed,
  pruneHandledEvents,
  releaseLeases,
} from "./outbox.repository";

// The outbox of domain events (events.ts): record in the write's transaction, handle after the
// commit, claim again what was not finished (docs/decisions/0043-one-outbox-for-side-effects.md).

/** How long a claimed delivery is kept from other processes (handlers take milliseconds). */
export const EVENT_LEASE_MS = 60_000;
/** Handled events are kept this long (for a look at what happened), then removed. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
const MAX_TIMER_MS = 24 * 3_600_000; // setTimeout's ceiling is ~24.8 days

export interface OutboxOptions {
  db: Db;
  /** PostgreSQL: other processes are told of each commit (NOTIFY); none on the embedded database. */
  notify: boolean;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export class Outbox {
  /** This process, as the holder of a lease. */
  readonly instance = randomUUID();
  private subscribers: Subscriber[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly loop = new KickLoop(
    () => this.deliverDue(),
    (error) => this.options.log?.("domain events: could not deliver", error),
  );

  constructor(private readonly options: OutboxOptions) {}

  /** Add subscribers (server/subscribers.ts lists the app's; a test may add its own). */
  subscribe(...subscribers: Subscriber[]): void {
    this.subscribers.push(...subscribers);
  }

  /**
   * Record an event in `tx`, with a delivery leased to this process for each subscriber. Returns
   * its id, for `deliver` once `tx` has committed.
   */
  async record<K extends EventName>(tx: Db, name: K, payload: DomainEvents[K]): Promise<number> {
    const [event] = await tx
      .insert(domainEvents)
      .values({ name, payload })
      .returning({ id: domainEvents.id });
    const id = event!.id;
    const to = this.subscribers.filter((s) => s.on.includes(name));
    const leaseUntil = new Date(this.options.now().getTime() + EVENT_LEASE_MS);
    if (to.length)
      await tx.insert(eventDeliveries).values(
        to.map((s) => ({
          eventId: id,
          subscriber: s.name,
          claimedBy: this.instance,
          nextAttemptAt: leaseUntil,
        })),
      );
    // Delivered at commit (never for a rollback): the other processes re-arm for the lease's end.
    if (this.options.notify) await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
    return id;
  }

  /**
   * Run `work` in one transaction with a `record` for its events; after the commit, handle them
   * here before returning (the writer's next read sees the cache dropped, as before a reply).
   */
  transaction<T>(work: (tx: Db, record: RecordEvent) => Promise<T>): Promise<T> {
    return this.around((recordIn) =>
      this.options.db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        return work(tx, (name, payload) => recordIn(tx, name, payload));
      }),
    );
  }

  /** One write and its event in one transaction (none when `work` answers null or false). */
  write<T, K extends EventName>(name: K, payload: DomainEvents[K], work: (tx: Db) => Promise<T>): Promise<T> {
    return this.transaction(async (tx, record) => {
      const result = await work(tx);
      if (result !== null && result !== false) await record(name, payload);
      return result;
    });
  }

  /**
   * For a write whose transaction another module opens (an import): `record` in that
   * transaction; what was recorded is handled once `work` is over (a rollback left nothing).
   */
  async around<T>(work: (record: RecordEventIn) => Promise<T>): Promise<T> {
    const ids: number[] = [];
    try {
      return await work(async (tx, name, payload) => {
        ids.push(await this.record(tx, name, payload));
      });
    } finally {
      await this.deliver(ids);
    }
  }

  /** Record one event on its own, after a write this server does not run (the sign-in library's). */
  emit<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    return this.transaction((_tx, record) => record(name, payload));
  }

  /** Handle the deliveries of these committed events this process leased; never throws. */
  async deliver(eventIds: number[]): Promise<void> {
    if (!eventIds.length) return;
    const rows = await this.options.db
      .select({ eventId: eventDeliveries.eventId, subscriber: eventDeliveries.subscriber })
      .from(eventDeliveries)
      .where(
        and(
          inArray(eventDeliveries.eventId, eventIds),
          eq(eventDeliveries.claimedBy, this.instance),
          eq(eventDeliveries.status, "pending"),
        ),
      )
      .orderBy(eventDeliveries.eventId);
    for (const row of rows) await this.handleOne(row.eventId, row.subscriber);
  }

  /**
   * One delivery: lock its row, skip it if another run finished it, else run the handler and mark
   * it done in the same transaction. A failure is stored with its retry time. True when handled.
   */
  async handleOne(eventId: number, subscriberName: string): Promise<boolean> {
    const { db, now } = this.options;
    const where = and(eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.subscriber, subscriberName));
    try {
      const after = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx
          .select({ status: eventDeliveries.status, name: domainEvents.name, payload: domainEvents.payload })
          .from(eventDeliveries)
          .innerJoin(domainEvents, eq(domainEvents.id, eventDeliveries.eventId))
          .where(where)
          .for("update", { of: eventDeliveries });
        if (row?.status !== "pending") return false;
        const subscriber = this.subscribers.find((s) => s.name === subscriberName);
        if (!subscriber) throw new Error(`no subscriber named ${subscriberName}`);
        const then = await subscriber.handle(
          { id: eventId, name: row.name, payload: row.payload } as DomainEvent,
          tx,
        );
        await tx
          .update(eventDeliveries)
          .set({ status: "done", doneAt: now(), claimedBy: null, lastError: null })
          .where(where);
        return then ?? true;
      });
      if (typeof after === "function") after();
      return after !== false;
    } catch (error) {
      this.options.log?.(`domain events: ${subscriberName} failed on event ${eventId}`, error);
      await markDeliveryFailed(this.options.db, { eventId, subscriber: subscriberName }, error, now()).catch(
        (e: unknown) => this.options.log?.("domain events: could not store a failure", e),
      );
      this.armSoon();
      return false;
    }
  }

  /** Claim due deliveries (FOR UPDATE SKIP LOCKED, leased to this process); their keys. */
  async claimDue(): Promise<{ eventId: number; subscriber: string }[]> {
    const now = this.options.now();
    const leaseUntil = new Date(now.getTime() + EVENT_LEASE_MS);
    if (!this.subscribers.length) return [];
    return claimDueDeliveries(this.options.db, this.instance, this.mine(), now, leaseUntil);
  }

  /** Handle everything due, then wait for the next due time the database holds. */
  private async deliverDue(): Promise<void> {
    for (;;) {
      const batch = await this.claimDue();
      if (!batch.length) break;
      for (const { eventId, subscriber } of batch) await this.handleOne(eventId, subscriber);
    }
    await this.arm();
  }

  /** Only the subscribers this process has (one of another version leaves the others' rows). */
  private mine() {
    return inArray(
      eventDeliveries.subscriber,
      this.subscribers.map((s) => s.name),
    );
  }

  private async arm(): Promise<void> {
    if (!this.subscribers.length) return;
    const [row] = await this.options.db
      .select({ next: min(eventDeliveries.nextAttemptAt) })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, "pending"), this.mine()));
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!row?.next || this.closed) return;
    const wait = new Date(row.next).getTime() - this.options.now().getTime() + 5;
    this.timer = setTimeout(() => void this.kick(), Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    this.timer.unref();
  }

  private armSoon(): void {
    if (!this.closed) void this.arm().catch(() => {});
  }

  /** Look for due deliveries now (a commit elsewhere, a start); folded when one runs. */
  kick(): Promise<void> {
    return this.loop.kick();
  }

  /**
   * Start: on the embedded database no other process can exist (the DATA_DIR lock), so a lease
   * still held was held by a process that died: those deliveries are due now. Old handled
   * events are removed.
   */
  async start(): Promise<void> {
    const now = this.options.now();
    if (!this.options.notify) await releaseLeases(this.options.db, now);
    await pruneHandledEvents(this.options.db, new Date(now.getTime() - KEEP_DONE_MS));
    await this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop.close();
  }
}
