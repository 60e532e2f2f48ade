import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";

/** A thread read takes one call of at most 10 s, then a few writes per new reply. */
export const POLL_LEASE_MS = 120_000;
/** Waits after a failed read (the AppView down, or a hostile answer). */
const BACKOFF_MINUTES = [2, 10, 60, 360];
/** Cards older than this are no longer read: their conversation has moved on. */
export const POLL_DAYS = 30;

/**
 * The falling schedule (decision 0051): a card is read often while it is new, then less and less,
 * and not after POLL_DAYS. `age` is the time since the post was published.
 */
export function nextPollIn(ageMs: number): number | null {
  const minute = 60_000;
  const hour = 60 * minute;
  if (ageMs < hour) return 2 * minute;
  if (ageMs < 24 * hour) return 10 * minute;
  if (ageMs < 7 * 24 * hour) return hour;
  if (ageMs < POLL_DAYS * 24 * hour) return 6 * hour;
  return null;
}

export interface PollJob {
  id: number;
  postId: string;
  author: "him" | "her";
  did: string;
  postRkey: string;
  attempts: number;
  leasedAt: string;
  likeCount: number;
  repostCount: number;
}

/**
 * The cards whose thread is due to be read (`poll_at`), claimed one at a time under their own
 * lease (SKIP LOCKED), apart from the publishing lease: a process that died mid-read leaves the
 * row due (its `poll_at` moves only when a read is done), and the next process reads it again;
 * replies already home are known by their AT-URI, so nothing comes twice.
 */
export class RepliesQueue {
  private readonly startedAt: Date;

  constructor(private readonly app: { db: Db; now: () => Date; database: { kind: string } }) {
    this.startedAt = app.now();
  }

  async claim(): Promise<PollJob | null> {
    const now = this.app.now();
    const lapsed = now.getTime() - POLL_LEASE_MS;
    // The embedded database has one process: a lease older than this process is a dead one's.
    const alone = this.app.database.kind !== "postgres";
    const cutoff = new Date(alone ? Math.max(lapsed, this.startedAt.getTime()) : lapsed).toISOString();
    const result = await this.app.db.execute(sql`
      update bluesky_records q set poll_leased_at = ${now.toISOString()}::timestamptz
      from (select id from bluesky_records
            where poll_at <= ${now.toISOString()}::timestamptz and post_cid is not null
              and (poll_leased_at is null or poll_leased_at < ${cutoff}::timestamptz)
            order by poll_at limit 1 for update skip locked) p
      where q.id = p.id
      returning q.id, q.post_id, q.author, q.did, q.post_rkey, q.poll_attempts, q.like_count, q.repost_count`);
    const row = rowsOf(result)[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      postId: String(row.post_id),
      author: row.author as "him" | "her",
      did: String(row.did),
      postRkey: String(row.post_rkey),
      attempts: Number(row.poll_attempts),
      leasedAt: now.toISOString(),
      likeCount: Number(row.like_count),
      repostCount: Number(row.repost_count),
    };
  }

  /** Read: the counts as the thread said, and the next read by the schedule (null: no more). */
  async done(
    db: Db,
    job: PollJob,
    next: Date | null,
    counts: { likeCount: number; repostCount: number } | null,
  ): Promise<void> {
    const likes = counts ? sql`${counts.likeCount}` : sql`like_count`;
    const reposts = counts ? sql`${counts.repostCount}` : sql`repost_count`;
    await db.execute(sql`update bluesky_records set
      poll_at = ${next?.toISOString() ?? null}::timestamptz, poll_leased_at = null, poll_attempts = 0,
      like_count = ${likes}, repost_count = ${reposts}
      where id = ${job.id} and poll_leased_at = ${job.leasedAt}::timestamptz`);
  }

  /** Not read: tried again after the backoff; after the last one, at the schedule's next time. */
  async failed(job: PollJob, scheduled: Date | null): Promise<void> {
    const minutes = BACKOFF_MINUTES[job.attempts];
    const next = minutes ? new Date(this.app.now().getTime() + minutes * 60_000) : scheduled;
    await this.app.db.execute(sql`update bluesky_records set
      poll_attempts = ${minutes ? job.attempts + 1 : 0}, poll_leased_at = null,
      poll_at = ${next?.toISOString() ?? null}::timestamptz
      where id = ${job.id} and poll_leased_at = ${job.leasedAt}::timestamptz`);
  }

  /** Stopped mid-read (closing): still due, at once for the next process. */
  async release(job: PollJob): Promise<void> {
    await this.app.db.execute(sql`update bluesky_records set poll_leased_at = null
      where id = ${job.id} and poll_leased_at = ${job.leasedAt}::timestamptz`);
  }

  async nextDue(): Promise<Date | null> {
    const result = await this.app.db.execute(
      sql`select min(poll_at) as at from bluesky_records where poll_at is not null and post_cid is not null`,
    );
    const at = rowsOf(result)[0]?.at;
    return at ? new Date(at as string) : null;
  }
}
