import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { blueskyRecords } from "../../db/schema";

/** A put or delete takes a few calls of at most 10 s each: then the lease lapsed. */
export const BLUESKY_LEASE_MS = 120_000;
/** The waits after each failure; after the sixth try a row waits for its post's next change. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 360];

export interface RecordJob {
  id: number;
  version: number;
  leasedAt: string;
  row: typeof blueskyRecords.$inferSelect;
}

/**
 * The `bluesky_records` rows that are due, claimed one at a time (SKIP LOCKED) under a lease, the
 * pattern of the social web's queues (lease.ts): one process works on a row; a process that died
 * leaves its lease, taken again once it lapsed (at once on the embedded database: one process).
 */
export class BlueskyQueue {
  private readonly startedAt: Date;

  constructor(private readonly app: { db: Db; now: () => Date; database: { kind: string } }) {
    this.startedAt = app.now();
  }

  async claim(): Promise<RecordJob | null> {
    const now = this.app.now();
    const lapsed = now.getTime() - BLUESKY_LEASE_MS;
    const alone = this.app.database.kind !== "postgres";
    const cutoff = new Date(alone ? Math.max(lapsed, this.startedAt.getTime()) : lapsed).toISOString();
    const result = await this.app.db.execute(sql`
      update bluesky_records q set leased_at = ${now.toISOString()}::timestamptz
      from (select id from bluesky_records
            where pending is not null and due_at <= ${now.toISOString()}::timestamptz
              and (leased_at is null or leased_at < ${cutoff}::timestamptz)
            order by due_at limit 1 for update skip locked) p
      where q.id = p.id
      returning q.id, q.version`);
    const claimed = rowsOf(result)[0];
    if (!claimed) return null;
    const [row] = await this.app.db
      .select()
      .from(blueskyRecords)
      .where(sql`${blueskyRecords.id} = ${Number(claimed.id)}`);
    if (!row) return null;
    return { id: row.id, version: Number(claimed.version), leasedAt: now.toISOString(), row };
  }

  /**
   * Done: nothing pending any more, unless a newer change came in while it ran (then due again).
   * A card in the repository has its thread read for replies (replies-queue.ts); a deleted one not.
   */
  async done(
    db: Db,
    job: RecordJob,
    refs: { documentCid: string | null; postCid: string | null },
  ): Promise<void> {
    const now = this.app.now().toISOString();
    await db.execute(sql`update bluesky_records set
      document_cid = ${refs.documentCid}, post_cid = ${refs.postCid}, leased_at = null, attempts = 0,
      done_at = ${now}::timestamptz,
      poll_at = ${refs.postCid ? sql`coalesce(poll_at, ${now}::timestamptz)` : sql`null`},
      pending = case when version = ${job.version} then null else pending end,
      due_at = case when version = ${job.version} then null else due_at end
      where id = ${job.id} and leased_at = ${job.leasedAt}::timestamptz`);
  }

  /** Failed: due again after the backoff, until it has failed six times (then at its next change). */
  async failed(job: RecordJob): Promise<void> {
    const attempts = job.row.attempts + 1;
    const minutes = BACKOFF_MINUTES[attempts - 1];
    const due = minutes ? new Date(this.app.now().getTime() + minutes * 60_000).toISOString() : null;
    await this.app.db.execute(sql`update bluesky_records set attempts = ${attempts}, leased_at = null,
      due_at = case when version = ${job.version} then ${due}::timestamptz else due_at end
      where id = ${job.id} and leased_at = ${job.leasedAt}::timestamptz`);
  }

  /** The next time a row is due, for the worker's timer. */
  async nextDue(): Promise<Date | null> {
    const result = await this.app.db.execute(
      sql`select min(due_at) as at from bluesky_records where pending is not null and due_at is not null`,
    );
    const at = rowsOf(result)[0]?.at;
    return at ? new Date(at as string) : null;
  }
}
