import type { InboxContext } from "@fedify/fedify";
import { Announce, Create, Delete, Flag, Follow, Like, Note, Undo, Update } from "@fedify/vocab";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { blogPosts, fediverseReactions } from "../db/schema";
import { forgetRemoteAccount } from "./account-deletion";
import { ACTOR_PATH, isAuthorKey } from "./actors";
import type { DuetFederation } from "./federation-type";
import { receiveFlag } from "./flags";
import { receiveFollow, removeFollow } from "./follows";
import { postIdOf } from "./post-ids";
import { rememberAvatar, rememberReplier } from "./remote-avatars";
import { isRemoteBlocked, remoteHandle, remoteName } from "./remote-people";
import { deleteRemoteReply, receiveReply, updateRemoteReply } from "./remote-replies";

type Ctx = InboxContext<AppContext>;

async function react(fctx: Ctx, activity: Like | Announce, kind: "like" | "announce"): Promise<void> {
  const postId = postIdOf(fctx, activity.objectId);
  if (!postId || !activity.id || !activity.actorId) return;
  // An account the post's author blocked: its likes and boosts are not counted.
  const [post] = await fctx.data.db
    .select({ author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.id, postId));
  if (!post || (await isRemoteBlocked(fctx.data.db, post.author, activity.actorId))) return;
  const actor = await activity.getActor(fctx);
  await fctx.data.db
    .insert(fediverseReactions)
    .values({
      activityId: activity.id.href,
      postId,
      kind,
      actorId: activity.actorId.href,
      actorName: actor ? remoteName(actor) || remoteHandle(actor) : "",
    })
    .onConflictDoNothing()
    // A post deleted meanwhile (foreign key): nothing to count.
    .catch(() => {});
  fctx.data.cache.invalidate();
  await rememberAvatar(fctx, actor);
}

/**
 * What comes home (docs/fediverse.md). Fedify has verified the HTTP signature and that the key
 * belongs to the activity's actor before any of these run, and drops repeated activity ids.
 */
export function registerInbox(federation: DuetFederation): void {
  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, "/ap/inbox")
    .on(Follow, receiveFollow)
    .on(Undo, async (fctx, undo) => {
      const object = await undo.getObject(fctx);
      const actorId = undo.actorId?.href;
      if (!actorId || !object) return;
      if (object instanceof Follow) {
        const target = object.objectId ? fctx.parseUri(object.objectId) : null;
        if (target?.type !== "actor" || !isAuthorKey(target.identifier)) return;
        await removeFollow(fctx.data, target.identifier, actorId);
      } else if ((object instanceof Like || object instanceof Announce) && object.id) {
        await fctx.data.db
          .delete(fediverseReactions)
          .where(
            and(eq(fediverseReactions.activityId, object.id.href), eq(fediverseReactions.actorId, actorId)),
          );
        fctx.data.cache.invalidate();
      }
    })
    .on(Like, (fctx, like) => react(fctx, like, "like"))
    .on(Announce, (fctx, announce) => react(fctx, announce, "announce"))
    .on(Create, async (fctx, create) => {
      const object = await create.getObject(fctx);
      if (object instanceof Note) {
        await receiveReply(fctx, create, object);
        await rememberReplier(fctx, create, object);
      }
    })
    .on(Update, async (fctx, update) => {
      const object = await update.getObject(fctx);
      if (object instanceof Note && update.actorId)
        await updateRemoteReply(fctx.data, update.actorId, object);
    })
    .on(Delete, async (fctx, del) => {
      if (!del.objectId || !del.actorId) return;
      // The account itself was deleted (its own signed Delete, as Mastodon sends).
      if (del.objectId.href === del.actorId.href) await forgetRemoteAccount(fctx.data, del.actorId.href);
      else await deleteRemoteReply(fctx.data, del.actorId, del.objectId);
    })
    // A report forwarded by a remote server's moderators (decision 0039).
    .on(Flag, (fctx, flag) => receiveFlag(fctx, flag));
}
