import type { Create, Delete, Update } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { fediversePosts } from "../db/schema";
import { KickLoop } from "../kick-loop";
import { getPublicPost } from "../posts/posts.repository";
import { followerCount } from "./actors";
import { publicArticlePost } from "./article-post";
import { ActivityLeases, type Claimed, type Pending } from "./lease";
import type { LoadSocialWeb } from "./social-web-type";

/** A post became public (its `postBecamePublic` delivery's transaction): its Create is due, once. */
export async function queueCreate(tx: Db, postId: string, author: "him" | "her"): Promise<void> {
  await tx.insert(fediversePosts).values({ postId, author, pending: "create" }).onConflictDoNothing();
}

/**
 * A post was written (edited, unpublished, deleted): decide what the social web must hear.
 * Only a post that was federated (Create sent or due) is followed up; older posts stay home.
 */
export async function markPostChanged(db: Db, now: Date, postId: string): Promise<boolean> {
  const [sent] = await db.select().from(fediversePosts).where(eq(fediversePosts.postId, postId));
  if (!sent) return false;
  const post = await getPublicPost(db, postId, now);
  let change: { pending: Pending | null; deletedAt?: Date | null } | null = null;
  if (post && !sent.deletedAt) change = { pending: sent.pending === "create" ? "create" : "update" };
  else if (post) change = { pending: "create", deletedAt: null };
  // Not public any more: a Create not yet sent is simply dropped; a sent one is deleted.
  else if (!sent.deletedAt) change = { pending: sent.pending === "create" ? null : "delete", deletedAt: now };
  if (!change) return false;
  await db.update(fediversePosts).set(change).where(eq(fediversePosts.postId, postId));
  return true;
}

/**
 * Hands due Create/Update/Delete activities to Fedify, which fans them out to every follower's
 * (shared) inbox through the database queue: a request that publishes never waits for delivery.
 * A row is claimed by one process (SKIP LOCKED) under a lease that is cleared once Fedify holds
 * the activity, and taken again after a crash (lease.ts): handed over once, at least once.
 */
export class FediverseOutbox {
  private readonly loop = new KickLoop(
    () => this.drain(),
    (error) => this.log("social web: could not send post activities", error),
  );
  private readonly leases: ActivityLeases;

  constructor(
    private readonly ctx: AppContext,
    private readonly load: LoadSocialWeb,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.leases = new ActivityLeases(ctx, { table: fediversePosts, key: "post_id" }, () => void this.kick());
  }

  kick(): Promise<void> {
    return this.loop.kick();
  }

  close(): Promise<void> {
    this.leases.close();
    return this.loop.close();
  }

  private async drain(): Promise<void> {
    const publicUrl = this.ctx.config.publicUrl;
    for (;;) {
      const job = await this.leases.claim();
      if (!job) return this.leases.arm();
      const author = job.row.author as "him" | "her";
      const activity = await this.activityOf(job, author, publicUrl);
      try {
        if (activity)
          await activity.fctx.sendActivity({ identifier: author }, "followers", activity.activity, {
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

  /** The activity a claimed row stands for, or null when there is nothing to send. */
  private async activityOf(job: Claimed, author: "him" | "her", publicUrl: string) {
    // Nobody follows: nothing to send (and no keys to make for it).
    if ((await followerCount(this.ctx.db, author)) === 0) return null;
    // Something to send: the social web's half loads now (once), not at start.
    const { federation, lib } = await this.load().catch(async (error: unknown) => {
      await this.leases.handBack(job);
      throw error;
    });
    const fctx = federation.createContext(new URL(publicUrl), this.ctx);
    const deletedAt = job.row.deleted_at ? new Date(job.row.deleted_at as string) : null;
    let activity: Create | Update | Delete;
    if (job.kind === "delete") activity = lib.deleteActivity(fctx, job.key, author, deletedAt ?? job.at);
    else {
      const post = await publicArticlePost(this.ctx, job.key);
      if (!post) return null;
      activity =
        job.kind === "create"
          ? lib.createActivity(fctx, post, publicUrl)
          : lib.updateActivity(fctx, post, publicUrl, job.at);
    }
    return { fctx, activity };
  }
}
