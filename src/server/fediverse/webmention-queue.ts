import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** A verification or a send takes seconds at most (the fetcher's time limits): then it lapsed. */
export const WEBMENTION_LEASE_MS = 60_000;
/** A source or endpoint that keeps failing is given up after this many tries. */
export const WEBMENTION_ATTEMPTS = 3;

export interface Job {
  id: number;
  dueAt: string;
  leasedAt: string;
  row: Record<string, unknown>;
}

/**
 * The two Webmention queues (`webmentions_received`, `webmentions_sent`) are claimed like the
 * social web's (lease.ts): one due row at a time (SKIP LOCKED) under a lease; a process that died
 * leaves its lease, taken again once it lapsed (at once on the embedded database: one process).
 * `due_at` is the time of the last (re-)send: a job clears it only if nothing re-queued meanwhile.
 */
export class WebmentionQueue {
  private readonly startedAt: Date;

  constructor(
    private readonly app: { db: Db; now: () => Date; database: { kind: string } },
    private readonly table: PgTable,
  ) {
    this.startedAt = app.now();
  }

  async claim(): Promise<Job | null> {
    const now = this.app.now();
    const lapsed = now.getTime() - WEBMENTION_LEASE_MS;
    const alone = this.app.database.kind !== "postgres";
    const cutoff = new Date(alone ? Math.max(lapsed, this.startedAt.getTime()) : lapsed).toISOString();
    const result = await this.app.db.execute(sql`
      update ${this.table} q set leased_at = ${now.toISOString()}::timestamptz
      from (select id from ${this.table}
            where due_at is not null and (leased_at is null or leased_at < ${cutoff}::timestamptz)
            order by due_at limit 1 for update skip locked) p
      where q.id = p.id
      returning q.*`);
    const row = rowsOf(result)[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      dueAt: new Date(row.due_at as string).toISOString(),
      leasedAt: now.toISOString(),
      row,
    };
  }

  /** Done: not due any more, unless it was re-queued while it ran. */
  async done(db: Db, job: Job): Promise<void> {
    await db.execute(sql`update ${this.table} set
      due_at = case when due_at = ${job.dueAt}::timestamptz then null else due_at end, leased_at = null
      where id = ${job.id} and leased_at = ${job.leasedAt}::timestamptz`);
  }

  /** Failed: due again at the next kick, until it has failed WEBMENTION_ATTEMPTS times. */
  async failed(job: Job): Promise<void> {
    await this.app.db.execute(sql`update ${this.table} set attempts = attempts + 1, leased_at = null,
      due_at = case when attempts + 1 >= ${WEBMENTION_ATTEMPTS} then null else due_at end
      where id = ${job.id} and leased_at = ${job.leasedAt}::timestamptz`);
  }
}
