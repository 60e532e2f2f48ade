import { count, eq } from "drizzle-orm";
import { AUTHORS, type AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { fediverseActors, fediverseFollowers } from "../db/schema";
import { allOldHandles } from "./actor-settings";

export type ActorRow = typeof fediverseActors.$inferSelect;

/** Where an author's actor lives: Fedify's template, and its inbox, followers and outbox below it. */
export const ACTOR_PATH = "/ap/users/{identifier}";
/** `actorPath("her")` is `/ap/users/her`. */
export const actorPath = (author: string): string => ACTOR_PATH.replace("{identifier}", author);

export const isAuthorKey = (value: string): value is AuthorKey =>
  (AUTHORS as readonly string[]).includes(value);

/**
 * The author whose handle this is (defaults `him`/`her` until an actor row says otherwise), or
 * whose old handle it was: an alias keeps answering WebFinger for the same actor after a change.
 */
export async function authorForHandle(db: Db, handle: string): Promise<AuthorKey | null> {
  const lower = handle.toLowerCase();
  const rows = await db
    .select({ author: fediverseActors.author, handle: fediverseActors.handle })
    .from(fediverseActors);
  const match = rows.find((r) => r.handle === lower);
  if (match) return match.author;
  const alias = (await allOldHandles(db)).find((a) => a.handle === lower);
  if (alias) return alias.author;
  // An author with no row yet answers to the default handle, unless the other took it.
  if (isAuthorKey(lower) && !rows.some((r) => r.author === lower)) return lower;
  return null;
}

export async function handleOf(db: Db, author: AuthorKey): Promise<string> {
  const [row] = await db
    .select({ handle: fediverseActors.handle })
    .from(fediverseActors)
    .where(eq(fediverseActors.author, author));
  return row?.handle ?? author;
}

export async function followerCount(db: Db, author: AuthorKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.author, author));
  return row?.n ?? 0;
}
