import { and, isNull, min, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BlogPost } from "../../common/types";
import type { ContentCache } from "../cache/store";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import type { Events } from "../events";
import { KickLoop } from "../kick-loop";
import { postColumns, toBlogPost } from "./post.presenter";
import { laterPostsWhere, publicPostsWhere } from "./visibility";

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
 *    per row; the handlers run inside that transaction. A handler that throws rolls the claim
 *    back, and it is tried again a minute later. After the commit, `postBecamePublic` is emitted
 *    for subscribers that act outside the transaction.
 */
export type BecamePublicHandler = (post: BlogPost, tx: Db) => Promise<void>;

/** setTimeout's ceiling is ~24.8 days; further publish times are looked at again within a day. */
const MAX_TIMER_MS = 24 * 60 * 60_000;
const RETRY_MS = 60_000;
/** Fire a little after the publish time, never before it (timers may run early by a millisecond). */
const LATE_MARGIN_MS = 5;

export class Publishing {
  private handlers: BecamePublicHandler[] = [];
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
    private readonly ctx: { db: Db; cache: ContentCache; events: Events; now: () => Date },
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /**
   * Register work to do once when a post first becomes public (published now, or its scheduled
   * time came). Runs in the claiming transaction: write follow-up work (e.g. an email queue row)
   * with `tx` so it is stored exactly when the claim is. Do not send anything from the handler.
   */
  onBecamePublic(handler: BecamePublicHandler): void {
    this.handlers.push(handler);
  }

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
    if (!any) return [];
    try {
      const claimed = await this.ctx.db.transaction(async (tx) => {
        const rows = await tx
          .update(blogPosts)
          .set({
            announcedAt: now,
            status: sql`case when ${blogPosts.status} = 'scheduled' then 'published' else ${blogPosts.status} end`,
          })
          .where(due)
          .returning(postColumns);
        for (const row of rows)
          for (const handler of this.handlers) await handler(toBlogPost(row, now), tx as unknown as Db);
        return rows.map((row) => toBlogPost(row, now));
      });
      for (const post of claimed) await this.ctx.events.emit("postBecamePublic", { post });
      return claimed.map((post) => post.id);
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
    const next = row?.next ? new Date(row.next) : null;
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
 * Wire publishing into the app: run at start (posts that came due while no process ran), and
 * after every content change here or in another process (a new schedule, a publish).
 */
export function registerPublishing(
  app: FastifyInstance,
  ctx: { events: Events; publishing: Publishing },
): void {
  ctx.events.on("contentChanged", () => void ctx.publishing.kick());
  app.addHook("onReady", async () => {
    await ctx.publishing.kick();
  });
  app.addHook("onClose", async () => ctx.publishing.close());
}
