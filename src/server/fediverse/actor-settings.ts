import { eq } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { fediverseActorSettings } from "../db/schema";

export interface ActorSettings {
  approveFollowers: boolean;
  oldHandles: string[];
}

/** Old handles an author keeps answering to, at most (the oldest is let go first). */
export const OLD_HANDLES_MAX = 10;

const DEFAULTS: ActorSettings = { approveFollowers: false, oldHandles: [] };

export async function actorSettings(db: Db, author: AuthorKey): Promise<ActorSettings> {
  const [row] = await db
    .select()
    .from(fediverseActorSettings)
    .where(eq(fediverseActorSettings.author, author));
  return row ? { approveFollowers: row.approveFollowers, oldHandles: row.oldHandles } : { ...DEFAULTS };
}

export async function saveActorSettings(db: Db, author: AuthorKey, change: Partial<ActorSettings>) {
  const next = { ...(await actorSettings(db, author)), ...change };
  await db
    .insert(fediverseActorSettings)
    .values({ author, ...next })
    .onConflictDoUpdate({ target: fediverseActorSettings.author, set: next });
  return next;
}

/** Every author's old handles (aliases), for WebFinger and for taken-handle checks. */
export async function allOldHandles(db: Db): Promise<{ author: AuthorKey; handle: string }[]> {
  const rows = await db.select().from(fediverseActorSettings);
  return rows.flatMap((r) => r.oldHandles.map((handle) => ({ author: r.author, handle })));
}
