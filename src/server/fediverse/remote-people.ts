import { createHash } from "node:crypto";
import type { Actor } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import { REMOTE_USER_PREFIX } from "../../common/social-web";
import { isBlocked } from "../comments/moderation.repository";
import type { Db } from "../db/client";
import { fediverseBlockedServers, user } from "../db/schema";

/** `@user@host` of a remote actor, from its id's host and preferred username. */
export function remoteHandle(actor: Actor): string {
  const host = actor.id ? actor.id.host : "unknown";
  const username = actor.preferredUsername?.toString() ?? "someone";
  return `@${username}@${host}`;
}

/** A remote actor's display name as plain text (names may carry custom-emoji HTML). */
export function remoteName(actor: Actor): string {
  const name = actor.name
    ?.toString()
    .replace(/<[^>]*>/g, "")
    .trim();
  return (name || actor.preferredUsername?.toString() || "").slice(0, 100);
}

/** `@user@host` out of a remote comment's shown name ("Name (@user@host)" or "@user@host"). */
export function handleFromAuthor(author: string | null): string | null {
  const match = /(@[^@\s()]+@[^@\s()]+)\)?$/.exec(author ?? "");
  return match?.[1] ?? null;
}

/**
 * The local user row standing for a remote account, so its replies are comments like any other
 * (moderation, blocks and the first-comment hold work unchanged). It has no password: nobody can
 * sign in as it. The address is on the reserved `.invalid` domain: no email ever reaches it.
 */
export { REMOTE_USER_PREFIX };

const actorHash = (actorId: string) => createHash("sha256").update(actorId).digest("hex").slice(0, 32);

/** The id of the user row standing for a remote actor (made or not yet). */
export const remoteUserId = (actorId: string): string => `${REMOTE_USER_PREFIX}${actorHash(actorId)}`;

/** A remote account the post's author blocked: its later activities about their posts are refused. */
export async function isRemoteBlocked(db: Db, author: AuthorKey, actorId: URL): Promise<boolean> {
  return isBlocked(db, author, remoteUserId(actorId.href));
}

export async function userForRemoteActor(db: Db, actor: Actor): Promise<{ id: string; author: string }> {
  const actorId = actor.id!.href;
  const hash = actorHash(actorId);
  const id = remoteUserId(actorId);
  const handle = remoteHandle(actor);
  const name = remoteName(actor) || handle;
  await db
    .insert(user)
    .values({ id, name, email: `${hash}@fediverse.invalid`, emailVerified: false })
    .onConflictDoUpdate({ target: user.id, set: { name, updatedAt: new Date() } });
  // What the comment shows as its writer: the remote name and where the account lives.
  const author = name === handle ? handle : `${name} (${handle})`;
  return { id, author: author.slice(0, 200) };
}

export async function isServerBlocked(db: Db, host: string): Promise<boolean> {
  const [row] = await db
    .select({ host: fediverseBlockedServers.host })
    .from(fediverseBlockedServers)
    .where(eq(fediverseBlockedServers.host, host.toLowerCase()));
  return !!row;
}

/** Every blocked server's host: nothing is delivered to them either. */
export async function blockedHosts(db: Db): Promise<Set<string>> {
  const rows = await db.select({ host: fediverseBlockedServers.host }).from(fediverseBlockedServers);
  return new Set(rows.map((r) => r.host));
}

/** Whether an address (an inbox, an actor id) lives on one of these hosts. */
export function onHost(hosts: Set<string>, address: string): boolean {
  try {
    return hosts.has(new URL(address).host.toLowerCase());
  } catch {
    return true;
  }
}
