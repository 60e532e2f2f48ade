import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from "@fedify/fedify";
import { count, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { fediverseQueue } from "../db/schema";

/** How long a claimed message stays someone's before another process may take it again. */
const LEASE_SECONDS = 300;
/**
 * An idle queue is looked at this often (other processes' messages), or when its next delayed
 * message is due if sooner; an enqueue in this process wakes it at once.
 */
export const IDLE_POLL_MS = 2_000;

/**
 * Fedify's message queue in our database (0029), the mail queue's pattern: rows claimed one at a
 * time with FOR UPDATE SKIP LOCKED, so every process under WEB_CONCURRENCY shares the work and a
 * message is handled by one of them. Fedify retries failed deliveries itself (with backoff) by
 * enqueueing them again with a delay.
 */
export class DbMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private wake: (() => void) | null = null;

  /** `userAgent`: said on every delivery (Fedify sets none on the requests it posts to inboxes). */
  /**
   * `idlePollMs`: the embedded database has one process, whose own enqueues wake it, so it may
   * wait long between looks (the 2 s default would be a query every 2 s, forever).
   */
  constructor(
    private readonly db: Db,
    private readonly userAgent?: string,
    private readonly idlePollMs = IDLE_POLL_MS,
  ) {}

  private withUserAgent(message: unknown): object {
    const m = message as { type?: string; headers?: Record<string, string> };
    if (!this.userAgent || m?.type !== "outbox") return m as object;
    const named = Object.keys(m.headers ?? {}).some((h) => h.toLowerCase() === "user-agent");
    return named ? m : { ...m, headers: { ...m.headers, "User-Agent": this.userAgent } };
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: "millisecond" })) : 0;
    const availableAt = new Date(Date.now() + delayMs);
    await this.db
      .insert(fediverseQueue)
      .values(messages.map((m) => ({ message: this.withUserAgent(m), availableAt })));
    // A delayed message wakes the listener too, to wait until it is due rather than a whole poll.
    this.wake?.();
  }

  /** Milliseconds until the next message becomes claimable, capped at the idle poll. */
  private async untilNextDue(): Promise<number> {
    const result = await this.db.execute(sql`
      select extract(epoch from min(greatest(available_at, coalesce(locked_until, available_at))) - now()) * 1000 as ms
      from ${fediverseQueue}`);
    const ms = Number(rowsOf<{ ms: string | number | null }>(result)[0]?.ms ?? Number.NaN);
    return Number.isFinite(ms) ? Math.min(this.idlePollMs, Math.max(0, Math.ceil(ms))) : this.idlePollMs;
  }

  async getDepth() {
    const [row] = await this.db.select({ n: count() }).from(fediverseQueue);
    return { queued: row?.n ?? 0 };
  }

  /** Take the oldest due message, or null. */
  private async claim(): Promise<{ id: number; message: unknown } | null> {
    const result = await this.db.execute(sql`
      update ${fediverseQueue} set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = (
        select id from ${fediverseQueue}
        where available_at <= now() and (locked_until is null or locked_until < now())
        order by available_at, id limit 1 for update skip locked)
      returning id, message`);
    const row = rowsOf<{ id: number | string; message: unknown }>(result)[0];
    return row ? { id: Number(row.id), message: row.message } : null;
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal;
    while (!signal?.aborted) {
      const job = await this.claim().catch(() => null);
      if (job) {
        try {
          await handler(job.message);
        } catch {
          // Fedify retries what it can itself; whatever else escapes must not stop the queue.
        } finally {
          await this.db.execute(sql`delete from ${fediverseQueue} where id = ${job.id}`).catch(() => {});
        }
        continue;
      }
      const wait =
        this.idlePollMs > IDLE_POLL_MS ? await this.untilNextDue().catch(() => IDLE_POLL_MS) : IDLE_POLL_MS;
      if (signal?.aborted) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve();
        }
        this.wake = done;
        signal?.addEventListener("abort", done, { once: true });
      });
      this.wake = null;
    }
  }
}
