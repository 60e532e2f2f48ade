import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { blueskyReplies } from "../../db/schema";
import { getPublicPost } from "../../posts/posts.repository";
import { conversationPostId } from "../../takes/takes.reads";
import { accountOf, guardOf } from "./account";
import { atUri, FEED_POST } from "./at-uri";
import { nextPollIn, type PollJob, RepliesQueue } from "./replies-queue";
import { rememberAvatar, removeReply, storeReply } from "./reply-store";
import { parseCardThread, THREAD_DEPTH } from "./thread";
import { xrpc } from "./xrpc";

/**
 * Replies, likes and reposts of each card coming home (decision 0051): the card's thread is read
 * from the AppView's public `app.bsky.feed.getPostThread` (no session: what anyone may see), on a
 * falling schedule kept in the database, so a restart goes on where the last process stopped.
 * Run by the Bluesky worker after its records; `stopped` (the process is closing) ends a read
 * between two replies: the card stays due, and the next read goes on where this one stopped.
 */
export class RepliesHome {
  private readonly queue: RepliesQueue;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.queue = new RepliesQueue(ctx);
  }

  nextDue(): Promise<Date | null> {
    return this.queue.nextDue();
  }

  async drain(stopped: () => boolean | Promise<boolean>): Promise<void> {
    while (!(await stopped())) {
      const job = await this.queue.claim();
      if (!job) return;
      try {
        await this.read(job, stopped);
      } catch (error) {
        this.log("bluesky: a thread could not be read; will try again", error);
        const post = await getPublicPost(this.ctx.db, job.postId, this.ctx.now()).catch(() => null);
        await this.queue.failed(job, post ? this.scheduled(post.date) : null);
      }
    }
  }

  private scheduled(published: string): Date | null {
    const now = this.ctx.now().getTime();
    const wait = nextPollIn(now - new Date(published).getTime());
    return wait === null ? null : new Date(now + wait);
  }

  private async read(job: PollJob, stopped: () => boolean | Promise<boolean>): Promise<void> {
    const { ctx } = this;
    const post = await getPublicPost(ctx.db, job.postId, ctx.now());
    const account = await accountOf(ctx, job.author);
    // No longer public, disconnected, or another account now: nothing more to read.
    if (!post || !account || account.did !== job.did) return this.queue.done(ctx.db, job, null, null);
    const cardUri = atUri(job.did, FEED_POST, job.postRkey);
    // The AppView is the configured one; what a record names (avatars) goes through the guard too.
    const answer = await xrpc<unknown>(
      guardOf(ctx),
      ctx.config.bluesky.appViewUrl,
      "app.bsky.feed.getPostThread",
      {
        query: { uri: cardUri, depth: String(THREAD_DEPTH), parentHeight: "0" },
      },
    );
    const thread = parseCardThread(answer, cardUri);
    if (!thread) throw new Error("the AppView's answer is not a thread of the card");
    // A reply to either take of a revealed pair joins its one conversation (decision 0046).
    const homeId = (await conversationPostId(ctx.db, post.id)) ?? post.id;
    const home = homeId === post.id ? post : await getPublicPost(ctx.db, homeId, ctx.now());
    if (!home) return this.queue.done(ctx.db, job, this.scheduled(post.date), null);
    const known = new Map(
      (
        await ctx.db
          .select({ uri: blueskyReplies.uri, commentId: blueskyReplies.commentId })
          .from(blueskyReplies)
          .where(eq(blueskyReplies.recordId, job.id))
      ).map((r) => [r.uri, r.commentId]),
    );
    const avatars = new Set<string>();
    for (const reply of thread.replies) {
      // Closing: the rest waits for the next process (the row stays due, its lease let go).
      if (await stopped()) return this.queue.release(job);
      if (known.has(reply.uri)) continue;
      const parent = reply.parentUri === cardUri ? null : (known.get(reply.parentUri) ?? null);
      const id = await storeReply(ctx, job.id, { id: home.id, author: home.author }, reply, parent);
      if (!id) continue;
      known.set(reply.uri, id);
      if (!avatars.has(reply.did)) {
        avatars.add(reply.did);
        await rememberAvatar(ctx, reply);
      }
    }
    // Deleted on Bluesky (gone from a thread read whole): its comment goes too.
    if (thread.complete) {
      const present = new Set(thread.replies.map((r) => r.uri));
      for (const [uri, commentId] of known) if (!present.has(uri)) await removeReply(ctx, { uri, commentId });
    }
    const counts = { likeCount: thread.likeCount, repostCount: thread.repostCount };
    const changed = counts.likeCount !== job.likeCount || counts.repostCount !== job.repostCount;
    await ctx.events.transaction(async (tx, record) => {
      await this.queue.done(tx, job, this.scheduled(post.date), counts);
      // The post page's counts follow (its cached reading is dropped), only when they moved.
      if (changed) await record("contentChanged", {});
    });
  }
}
