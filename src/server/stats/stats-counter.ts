import type { Db } from "../db/client";
import { rollUp, writeBatch } from "./stats.repository";
import { type CountedView, StatsBatch, type StatsTarget } from "./stats-batch";

/** How often each process writes what it counted (and rolls up finished days). */
export const STATS_FLUSH_MS = 60_000;
/** A batch this large is written at once instead of at the minute (a burst of readers). */
export const STATS_FLUSH_AT = 50_000;
/** While the database cannot be written, at most this much is held; later views are not counted. */
const PENDING_MAX = 200_000;

interface Deps {
  db: Db;
  /** The site's host, part of every visitor hash (two sites never share a visitor id). */
  host: string;
  now: () => Date;
  log: (message: string, error: unknown) => void;
}

/**
 * One process's view counter: beacons are summed in memory (no database work on the request
 * path) and written every minute, at graceful shutdown, or when a batch fills, one flush at a time.
 */
export class StatsCounter {
  private batch = new StatsBatch();
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: Deps) {}

  view(view: CountedView): void {
    if (this.batch.size >= PENDING_MAX) return;
    this.batch.view(view);
    this.flushIfFull();
  }

  read(at: Date, target: StatsTarget): void {
    if (this.batch.size >= PENDING_MAX) return;
    this.batch.read(at, target);
    this.flushIfFull();
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), STATS_FLUSH_MS);
    this.timer.unref();
  }

  /** Write what was counted, then roll up finished days. Never throws: a failed batch is kept. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushNow());
    return this.chain;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  private flushIfFull(): void {
    if (this.batch.size < STATS_FLUSH_AT || this.queued) return;
    this.queued = true;
    void this.flush().finally(() => {
      this.queued = false;
    });
  }

  private async flushNow(): Promise<void> {
    const batch = this.batch;
    if (!batch.empty) {
      this.batch = new StatsBatch();
      try {
        await writeBatch(this.deps.db, batch, this.deps.host, this.deps.now());
      } catch (error) {
        this.batch.absorb(batch);
        this.deps.log("statistics: the counted views could not be written; kept for the next flush", error);
        return;
      }
    }
    try {
      await rollUp(this.deps.db, this.deps.now());
    } catch (error) {
      this.deps.log("statistics: finished days could not be rolled up; trying again next flush", error);
    }
  }
}
