import { and, isNull, min, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ContentCache } from "../cache/store";
import { laterPostsWhere, publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { KickLoop } from "../kick-loop";
import type { Outbox } from "../outbox";
import { anyRevealDue, nextRevealAt, revealDue } from "../takes/reveals.reads";
import { postColumns, toBlogPost } from "./post.presenter";

/**
 * Scheduled publishing (docs/decisions/0009-drafts-scheduling-revisions.md).
 *
 * Visibility never waits for this module: a scheduled post is public from its `date` on
 * (isPostPublic). What it adds:
 * 1. Caches: every process keeps one timer for the next publish time; then it drops its own
 *    content cache (so lists, feeds, the sitemap and pages show the post without a restart or a
 *    write) and claims the due posts itself. Dropping a cache twice is harmless, so each process
 *    does it for itself. The timer is re-armed after every content change here or elsewhere
 *    (the `contentChanged` event), never through the cache.
 * 2. The once-only "post became public" event: the first process to run `claimDue` after a post's
 *    time sets its `announced_at` in one UPDATE, which PostgreSQL lets only one transaction do
 *    per row, and records `postBecamePublic` in that transaction (events.ts): its subscribers
 *    (followers' letters, the social web's Create) get it exactly when the claim commits.
 * 3. Two takes (docs/decisions/0046-two-takes.md): the same transaction first reveals every pair
 *    whose takes are both ready (and whose reveal date, if any, has come), so both takes become
 *    public and are announced together, once.
 */

/** setTimeout's ceiling is ~24.8 days; further publish times are looked at again within a day. */
const MAX_TIMER_MS = 24 * 60 * 60_000;
const RETRY_MS = 60_000;
/** Fire a little after the publish time, never before it (timers may run early by a millisecond). */
const LATE_MARGIN_MS = 5;

export class Publishing {
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly loop = new KickLoop(async () => {
    await this.claimDue().catch((error: unknown) => this.log("could not announce published posts", error));
    await this.arm().catch((error: unknown) => this.log("could not schedule the next publish time", error));
  });
  private closed = false;
  /** The next publish time this process waits for, or null (for cache lifetimes of feeds). */
  nextDue: Date | null = null;

  constructor(
    private readonly ctx: { db: Db; cache: ContentCache; events: Outbox; now: () => Date },
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /** Claim due posts and re-arm the timer; concurrent calls are folded into one more run. */
  kick(): Promise<void> {
    return this.loop.kick();
  }

  /** Announce every post whose time has come and that was never announced; returns their ids. */
  async claimDue(): Promise<string[]> {
    const now = this.ctx.now();
    const due = and(isNull(blogPosts.announcedAt), publicPostsWhere(now));
    // A quick look first: most runs find nothing and need no transaction.
    const [any] = await this.ctx.db.select({ id: blogPosts.id }).from(blogPosts).where(due).limit(1);
    if (!any && !(await anyRevealDue(this.ctx.db, now))) return [];
    try {
      // The subscribers are handled once this commits, before this returns (outbox.ts).
      return await this.ctx.events.transaction(async (tx, record) => {
        const revealed = await revealDue(tx, now);
        if (revealed.length) await record("contentChanged", {});
        const rows = await tx
          .update(blogPosts)
          .set({
            announcedAt: now,
            status: sql`case when ${blogPosts.status} = 'scheduled' then 'published' else ${blogPosts.status} end`,
          })
          .where(due)
          .returning(postColumns);
        for (const row of rows) await record("postBecamePublic", { post: toBlogPost(row, now) });
        return rows.map((row) => row.id);
      });
    } catch (error) {
      this.retrySoon();
      throw error;
    }
  }

  private async arm(): Promise<void> {
    const now = this.ctx.now();
    const [row] = await this.ctx.db
      .select({ next: min(blogPosts.date) })
      .from(blogPosts)
      .where(laterPostsWhere(now));
    const post = row?.next ? new Date(row.next) : null;
    const reveal = await nextRevealAt(this.ctx.db, now);
    const next = post && reveal ? (post < reveal ? post : reveal) : (post ?? reveal);
    this.nextDue = next;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!next || this.closed) return;
    const wait = Math.min(next.getTime() - now.getTime() + LATE_MARGIN_MS, MAX_TIMER_MS);
    this.timer = setTimeout(() => this.due(), Math.max(wait, 0));
    this.timer.unref();
  }

  /** A publish time came: every process drops its own cache, and claims what came due. */
  private due(): void {
    this.timer = null;
    if (this.closed) return;
    this.ctx.cache.invalidateLocal();
    void this.kick();
  }

  private retrySoon(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.kick();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
    await this.loop.close();
  }
}

/**
 * Wire publishing into the app: run at start (posts that came due while no process ran); after
 * every content change here (the `publishing` subscriber) or in another process (cache/notify.ts).
 */
export function registerPublishing(app: FastifyInstance, ctx: { publishing: Publishing }): void {
  app.addHook("onReady", async () => {
    await ctx.publishing.kick();
  });
  app.addHook("onClose", async () => ctx.publishing.close());
}
