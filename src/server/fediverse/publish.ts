import type { Create, Delete, Update } from "@fedify/vocab";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { fediversePosts } from "../db/schema";
import { KickLoop } from "../kick-loop";
import { getPublicPost } from "../posts/posts.repository";
import { followerCount } from "./actors";
import type { LoadSocialWeb } from "./social-web-type";

type Pending = "create" | "update" | "delete";

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
 * A row is claimed by one process (SKIP LOCKED) and cleared in the same statement: sent once.
 */
export class FediverseOutbox {
  private readonly loop = new KickLoop(
    () => this.drain(),
    (error) => this.log("social web: could not send post activities", error),
  );

  constructor(
    private readonly ctx: AppContext,
    private readonly load: LoadSocialWeb,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  kick(): Promise<void> {
    return this.loop.kick();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async claim(): Promise<{
    postId: string;
    author: "him" | "her";
    kind: Pending;
    deletedAt: Date | null;
  } | null> {
    const result = await this.ctx.db.execute(sql`
      update ${fediversePosts} f set pending = null
      from (select post_id, pending from ${fediversePosts} where pending is not null
            limit 1 for update skip locked) p
      where f.post_id = p.post_id
      returning f.post_id, f.author, p.pending as kind, f.deleted_at`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const row = rows[0];
    if (!row) return null;
    return {
      postId: String(row.post_id),
      author: row.author as "him" | "her",
      kind: row.kind as Pending,
      deletedAt: row.deleted_at ? new Date(row.deleted_at as string) : null,
    };
  }

  private async drain(): Promise<void> {
    const publicUrl = this.ctx.config.publicUrl;
    for (;;) {
      const job = await this.claim();
      if (!job) return;
      // Nobody follows: nothing to send (and no keys to make for it).
      if ((await followerCount(this.ctx.db, job.author)) === 0) continue;
      // Something to send: the social web's half loads now (once), not at start.
      const { federation, lib } = await this.load().catch(async (error: unknown) => {
        await this.putBack(job.postId, job.kind);
        throw error;
      });
      const fctx = federation.createContext(new URL(publicUrl), this.ctx);
      const now = this.ctx.now();
      let activity: Create | Update | Delete;
      if (job.kind === "delete")
        activity = lib.deleteActivity(fctx, job.postId, job.author, job.deletedAt ?? now);
      else {
        const post = await getPublicPost(this.ctx.db, job.postId, now);
        if (!post) continue;
        activity =
          job.kind === "create"
            ? lib.createActivity(fctx, post, publicUrl)
            : lib.updateActivity(fctx, post, publicUrl, now);
      }
      try {
        await fctx.sendActivity({ identifier: job.author }, "followers", activity, {
          preferSharedInbox: true,
        });
      } catch (error) {
        await this.putBack(job.postId, job.kind);
        throw error;
      }
    }
  }

  /** Not handed to the queue: due again at the next kick. */
  private async putBack(postId: string, kind: Pending): Promise<void> {
    await this.ctx.db
      .update(fediversePosts)
      .set({ pending: sql`coalesce(${fediversePosts.pending}, ${kind})` })
      .where(eq(fediversePosts.postId, postId));
  }
}
