import type { Context, InboxContext } from "@fedify/fedify";
import { Accept, Follow, type Recipient, Reject } from "@fedify/vocab";
import { and, eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { AppContext } from "../context";
import { fediverseFollowers, fediverseFollowRequests } from "../db/schema";
import { actorSettings } from "./actor-settings";
import { isAuthorKey } from "./actors";
import { rememberAvatar } from "./remote-avatars";
import { remoteHandle, remoteName } from "./remote-people";

type FollowerRow = typeof fediverseFollowers.$inferInsert;

/** Accept or Reject of a Follow, with an id of its own derived from the Follow's. */
function answer(fctx: Context<AppContext>, author: AuthorKey, follow: Follow, kind: "accepts" | "rejects") {
  const actorUri = fctx.getActorUri(author);
  const id = new URL(`${actorUri.href}#${kind}/${encodeURIComponent(follow.id!.href)}`);
  const values = { id, actor: actorUri, object: follow };
  return kind === "accepts" ? new Accept(values) : new Reject(values);
}

const recipientOf = (row: { actorId: string; inbox: string; sharedInbox: string | null }): Recipient => ({
  id: new URL(row.actorId),
  inboxId: new URL(row.inbox),
  endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
});

async function addFollower(app: AppContext, row: FollowerRow): Promise<void> {
  await app.db
    .insert(fediverseFollowers)
    .values(row)
    .onConflictDoUpdate({
      target: [fediverseFollowers.author, fediverseFollowers.actorId],
      set: { inbox: row.inbox, sharedInbox: row.sharedInbox, followId: row.followId, name: row.name },
    });
}

/**
 * A Follow of one of our authors: accepted at once, or, when the author approves new followers
 * (and this person does not follow yet), held as a request that receives nothing until accepted.
 */
export async function receiveFollow(fctx: InboxContext<AppContext>, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const target = fctx.parseUri(follow.objectId);
  if (target?.type !== "actor" || !isAuthorKey(target.identifier)) return;
  const author = target.identifier;
  const follower = await follow.getActor(fctx);
  if (!follower?.id || !follower.inboxId) return;
  const row = {
    author,
    actorId: follower.id.href,
    handle: remoteHandle(follower),
    name: remoteName(follower),
    inbox: follower.inboxId.href,
    sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
    followId: follow.id.href,
  };
  const db = fctx.data.db;
  await rememberAvatar(fctx, follower);
  const [already] = await db
    .select({ actorId: fediverseFollowers.actorId })
    .from(fediverseFollowers)
    .where(and(eq(fediverseFollowers.author, author), eq(fediverseFollowers.actorId, row.actorId)));
  if (!already && (await actorSettings(db, author)).approveFollowers) {
    await db
      .insert(fediverseFollowRequests)
      .values(row)
      .onConflictDoUpdate({
        target: [fediverseFollowRequests.author, fediverseFollowRequests.actorId],
        set: { inbox: row.inbox, sharedInbox: row.sharedInbox, followId: row.followId, name: row.name },
      });
    return;
  }
  await addFollower(fctx.data, row);
  await fctx.sendActivity({ identifier: author }, follower, answer(fctx, author, follow, "accepts"));
}

/** An Undo of a Follow: the follower, or the request still waiting, goes. */
export async function removeFollow(
  app: AppContext,
  author: AuthorKey,
  actorId: string,
  options: { keepRequest?: boolean } = {},
): Promise<void> {
  await app.db
    .delete(fediverseFollowers)
    .where(and(eq(fediverseFollowers.author, author), eq(fediverseFollowers.actorId, actorId)));
  if (options.keepRequest) return;
  await app.db
    .delete(fediverseFollowRequests)
    .where(and(eq(fediverseFollowRequests.author, author), eq(fediverseFollowRequests.actorId, actorId)));
}

/**
 * The author accepts or rejects a held Follow: the request goes, Accept(Follow) or Reject(Follow)
 * is sent (through the queue) and, when accepted, the person follows from now on. False when the
 * author has no such request.
 */
export async function settleFollowRequest(
  fctx: Context<AppContext>,
  author: AuthorKey,
  actorId: string,
  accept: boolean,
): Promise<boolean> {
  const app = fctx.data;
  const [row] = await app.db
    .delete(fediverseFollowRequests)
    .where(and(eq(fediverseFollowRequests.author, author), eq(fediverseFollowRequests.actorId, actorId)))
    .returning();
  if (!row) return false;
  const { createdAt: _, ...follower } = row;
  if (accept) await addFollower(app, follower);
  const follow = new Follow({
    id: new URL(row.followId),
    actor: new URL(row.actorId),
    object: fctx.getActorUri(author),
  });
  try {
    await fctx.sendActivity(
      { identifier: author },
      recipientOf(row),
      answer(fctx, author, follow, accept ? "accepts" : "rejects"),
    );
  } catch (error) {
    // Not handed to the queue: the request waits again, as if nothing had been pressed.
    await app.db.insert(fediverseFollowRequests).values(row).onConflictDoNothing();
    if (accept) await removeFollow(app, author, row.actorId, { keepRequest: true });
    throw error;
  }
  return true;
}
