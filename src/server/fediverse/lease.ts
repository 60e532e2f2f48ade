import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

export type Pending = "create" | "update" | "delete";

/** How long an activity being handed to Fedify is kept from other processes (it takes ms). */
export const ACTIVITY_LEASE_MS = 60_000;

/**
 * The social web's queues (`fediverse_posts`, `fediverse_sent_replies`) hand one activity at a
 * time to Fedify's queue. A claim moves `pending` into `leased_kind` with the time in `leased_at`;
 * the lease is cleared only once `sendActivity` has returned (Fedify's queue holds it, in the
 * database). A process killed in between leaves its lease: it is taken again once it is older than
 * ACTIVITY_LEASE_MS, or at once on the embedded database (one process: the DATA_DIR lock), and the
 * same activity is handed over again. Create and Delete keep their ids; an Update keeps its time
 * (the first claim's), so the peer sees the same activity. What a write marked `pending`
 * meanwhile is merged back: a Create not yet held by Fedify stays a Create.
 */
export interface LeaseTable {
  table: PgTable;
  /** The key column's name (`post_id`, `comment_id`); both tables name the others alike. */
  key: string;
}

/** The older activity `leased` followed by the newer `pending`: what is still to send. */
const merged = (pending: SQL, leased: SQL) =>
  sql`case when ${pending} = 'update' and ${leased} = 'create' then 'create' else coalesce(${pending}, ${leased}) end`;

export interface Claimed {
  key: string;
  kind: Pending;
  /** The activity's time: the first claim's, when a lease that lapsed is taken again unchanged. */
  at: Date;
  /** This claim's `leased_at`, which `release` and `handBack` match. */
  leasedAt: Date;
  row: Record<string, unknown>;
}

/** Take one due row (SKIP LOCKED): one with `pending`, or one whose lease lapsed before `cutoff`. */
async function claim(db: Db, t: LeaseTable, now: Date, cutoff: Date): Promise<Claimed | null> {
  const key = sql.identifier(t.key);
  const result = await db.execute(sql`
    update ${t.table} f set leased_kind = ${merged(sql`p.pending`, sql`p.leased_kind`)},
      pending = null, leased_at = ${now.toISOString()}::timestamptz
    from (select ${key} as key, pending, leased_kind, leased_at from ${t.table}
          where (pending is not null and leased_at is null) or leased_at < ${cutoff.toISOString()}::timestamptz
          limit 1 for update skip locked) p
    where f.${key} = p.key
    returning f.*, case when p.pending is null then p.leased_at end as first_at`);
  const row = rowsOf(result)[0];
  if (!row) return null;
  const at = row.first_at ? new Date(row.first_at as string) : now;
  return { key: String(row[t.key]), kind: row.leased_kind as Pending, at, leasedAt: now, row };
}

/** One queue's leases: claim, release once Fedify holds it, hand back on a failure. */
export class ActivityLeases {
  /** On the embedded database a lease older than this process is a dead process's. */
  private readonly startedAt: Date;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly app: { db: Db; now: () => Date; database: { kind: string } },
    private readonly t: LeaseTable,
    private readonly kick: () => void,
  ) {
    this.startedAt = app.now();
  }

  claim(): Promise<Claimed | null> {
    const now = this.app.now();
    const lapsed = now.getTime() - ACTIVITY_LEASE_MS;
    const alone = this.app.database.kind !== "postgres";
    const cutoff = new Date(alone ? Math.max(lapsed, this.startedAt.getTime()) : lapsed);
    return claim(this.app.db, this.t, now, cutoff);
  }

  private ours(job: Claimed): SQL {
    const at = job.leasedAt.toISOString();
    return sql`${sql.identifier(this.t.key)} = ${job.key} and leased_at = ${at}::timestamptz`;
  }

  /** Fedify holds the activity (or there was nothing to send): the lease goes. */
  async release(job: Claimed): Promise<void> {
    await this.app.db.execute(
      sql`update ${this.t.table} set leased_kind = null, leased_at = null where ${this.ours(job)}`,
    );
  }

  /** Not handed over: due again at the next kick, merged with what was marked meanwhile. */
  async handBack(job: Claimed): Promise<void> {
    await this.app.db.execute(sql`update ${this.t.table} set
      pending = ${merged(sql`pending`, sql`leased_kind`)}, leased_kind = null, leased_at = null
      where ${this.ours(job)}`);
  }

  /** After a drain: leases still held (another process's) are looked at again when they lapse. */
  async arm(): Promise<void> {
    const result = await this.app.db.execute(
      sql`select min(leased_at) as at from ${this.t.table} where leased_at is not null`,
    );
    const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!at) return;
    const wait = new Date(at).getTime() + ACTIVITY_LEASE_MS - this.app.now().getTime() + 5;
    this.timer = setTimeout(this.kick, Math.max(wait, 0));
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
