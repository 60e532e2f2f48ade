import type { Context } from "@fedify/fedify";
import type { Actor, Recipient } from "@fedify/vocab";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import {
  blogPosts,
  comments,
  fediverseFollowers,
  fediverseReplies,
  fediverseSentReplies,
} from "../db/schema";
import { KickLoop } from "../kick-loop";
import { ActivityLeases } from "./lease";
import { blockedHosts, handleFromAuthor, onHost, REMOTE_USER_PREFIX } from "./remote-people";
import type { SentReply } from "./reply-notes";
import type { LoadSocialWeb, SocialWebModule } from "./social-web-type";

/**
 * Compare every reply written on Duet to a comment from the social web with what was sent, and
 * mark what is due: a new visible reply → Create, its text edited → Update, deleted, hidden or
 * held → Delete (decision 0039). Idempotent: runs after any comment or moderation change.
 */
export async function markRepliesDue(app: AppContext): Promise<number> {
  const rows = await app.db
    .select({
      comment: comments,
      answered: fediverseReplies,
      answeredAuthor: sql<
        string | null
      >`(select author from ${comments} a where a.id = ${comments.replyToId})`,
      postAuthor: blogPosts.author,
      sent: fediverseSentReplies,
    })
    .from(fediverseReplies)
    .innerJoin(comments, eq(comments.replyToId, fediverseReplies.commentId))
    .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .leftJoin(fediverseSentReplies, eq(fediverseSentReplies.commentId, comments.id))
    // (Not LIKE: `_` is a wildcard there.)
    .where(sql`not starts_with(${comments.userId}, ${REMOTE_USER_PREFIX})`);
  let due = 0;
  for (const { comment, answered, answeredAuthor, postAuthor, sent } of rows) {
    const visible = comment.status === "published" && !comment.hiddenAt && !comment.deletedAt;
    let change: Partial<SentReply> | null = null;
    if (!sent) {
      if (!visible) continue;
      await app.db
        .insert(fediverseSentReplies)
        .values({
          commentId: comment.id,
          postId: comment.postId,
          author: postAuthor,
          inReplyTo: answered.objectId,
          remoteActorId: answered.actorId,
          remoteActorUrl: answered.actorUrl,
          remoteHandle: handleFromAuthor(answeredAuthor),
          content: comment.content,
          pending: "create",
        })
        .onConflictDoNothing();
      due++;
      continue;
    }
    if (visible && sent.deletedAt) change = { pending: "create", deletedAt: null, content: comment.content };
    else if (visible && sent.content !== comment.content)
      change = { pending: sent.pending === "create" ? "create" : "update", content: comment.content };
    else if (!visible && !sent.deletedAt)
      change = { pending: sent.pending === "create" ? null : "delete", deletedAt: app.now() };
    if (!change) continue;
    await app.db
      .update(fediverseSentReplies)
      .set(change)
      .where(eq(fediverseSentReplies.commentId, comment.id));
    due++;
  }
  // Replies removed outright (no replies under them): their Note is taken back too.
  const orphans = await app.db
    .select({ id: fediverseSentReplies.commentId, pending: fediverseSentReplies.pending })
    .from(fediverseSentReplies)
    .leftJoin(comments, eq(comments.id, fediverseSentReplies.commentId))
    .where(and(isNull(fediverseSentReplies.deletedAt), isNull(comments.id)));
  for (const orphan of orphans) {
    await app.db
      .update(fediverseSentReplies)
      .set({ pending: orphan.pending === "create" ? null : "delete", deletedAt: app.now() })
      .where(eq(fediverseSentReplies.commentId, orphan.id));
    due++;
  }
  return due;
}

/**
 * Hands due reply activities to Fedify's queue, one claimed row at a time (SKIP LOCKED, so one
 * process sends each), to the answered account's inbox and the post author's followers (shared
 * inboxes), signed as the post's author.
 */
export class ReplyOutbox {
  private readonly loop = new KickLoop(
    () => markRepliesDue(this.app).then(() => this.drain()),
    (error) => this.log("social web: could not send replies", error),
  );
  private readonly leases: ActivityLeases;

  constructor(
    private readonly app: AppContext,
    private readonly load: LoadSocialWeb,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    const table = { table: fediverseSentReplies, key: "comment_id" };
    this.leases = new ActivityLeases(app, table, () => void this.kick());
  }

  /** Re-read what is due and send it; concurrent calls fold into one more pass. */
  kick(): Promise<void> {
    return this.loop.kick();
  }

  close(): Promise<void> {
    this.leases.close();
    return this.loop.close();
  }

  private async drain(): Promise<void> {
    const publicUrl = this.app.config.publicUrl;
    for (;;) {
      const job = await this.leases.claim();
      if (!job) return this.leases.arm();
      // Something to send: the social web's half loads now (once), not at start.
      const { federation, lib } = await this.load().catch(async (error: unknown) => {
        await this.leases.handBack(job);
        throw error;
      });
      const fctx = federation.createContext(new URL(publicUrl), this.app);
      const [sent] = await this.app.db
        .select()
        .from(fediverseSentReplies)
        .where(eq(fediverseSentReplies.commentId, job.key));
      let activity:
        | ReturnType<SocialWebModule["replyActivity"]>
        | ReturnType<SocialWebModule["replyDelete"]>
        | null = null;
      if (!sent) activity = null;
      else if (job.kind === "delete") activity = lib.replyDelete(fctx, sent, sent.deletedAt ?? job.at);
      else {
        const found = await lib.currentNote(fctx, sent.commentId);
        if (found) activity = lib.replyActivity(fctx, job.kind, found.note, sent.author, job.at);
      }
      try {
        const recipients = sent && activity ? await this.recipients(lib, fctx, sent) : [];
        if (sent && activity && recipients.length > 0)
          await fctx.sendActivity({ identifier: sent.author }, recipients, activity, {
            preferSharedInbox: true,
          });
      } catch (error) {
        // Not handed to the queue: due again at the next kick.
        await this.leases.handBack(job);
        throw error;
      }
      await this.leases.release(job);
    }
  }

  /** The answered account (looked up through Fedify's fetcher, SSRF rules and cache) and followers. */
  private async recipients(
    lib: SocialWebModule,
    fctx: Context<AppContext>,
    sent: SentReply,
  ): Promise<Recipient[]> {
    const followers = await this.app.db
      .select()
      .from(fediverseFollowers)
      .where(eq(fediverseFollowers.author, sent.author));
    const blocked = await blockedHosts(this.app.db);
    const list: Recipient[] = followers
      .filter((r) => !onHost(blocked, r.actorId) && !onHost(blocked, r.inbox))
      .map(lib.toRecipient);
    if (onHost(blocked, sent.remoteActorId)) return list;
    const actor = await fctx.lookupObject(sent.remoteActorId).catch(() => null);
    if (actor && lib.isActor(actor) && (actor as Actor).inboxId) list.unshift(actor as Actor);
    else this.log(`social web: could not reach ${sent.remoteActorId} for a reply`);
    return list;
  }
}
