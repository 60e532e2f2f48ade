import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { followers } from "../db/schema";
import { cancelPendingForFollower } from "./mail-queue.repository";

export type FollowerRow = typeof followers.$inferSelect;

/** A link secret: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Follow `authors` with `email`. Confirmed rows stay as they are; a new or unsubscribed one starts
 * over (new token, unconfirmed) unless `confirmed` (a signed-in reader with a verified address).
 * Returns the rows that still wait for confirmation.
 */
export async function follow(
  db: Db,
  input: { email: string; authors: AuthorKey[]; userId: string | null; confirmed: boolean; now: Date },
): Promise<FollowerRow[]> {
  return db.transaction(async (tx) => {
    const waiting: FollowerRow[] = [];
    for (const author of input.authors) {
      const [existing] = await tx
        .select()
        .from(followers)
        .where(and(eq(followers.email, input.email), eq(followers.author, author)))
        .for("update");
      if (existing?.confirmedAt && !existing.unsubscribedAt) continue;
      const fresh = {
        token: newToken(),
        userId: input.userId ?? existing?.userId ?? null,
        confirmedAt: input.confirmed ? input.now : null,
        unsubscribedAt: null,
      };
      const [row] = existing
        ? await tx.update(followers).set(fresh).where(eq(followers.id, existing.id)).returning()
        : await tx
            .insert(followers)
            .values({ email: input.email, author, createdAt: input.now, ...fresh })
            .returning();
      if (row && !row.confirmedAt) waiting.push(row);
    }
    return waiting;
  });
}

/** Double opt-in: confirm the rows named by these tokens; returns the authors now followed. */
export async function confirmFollow(db: Db, tokens: string[], now: Date): Promise<AuthorKey[]> {
  if (tokens.length === 0) return [];
  const rows = await db
    .update(followers)
    .set({ confirmedAt: now })
    .where(
      and(inArray(followers.token, tokens), isNull(followers.confirmedAt), isNull(followers.unsubscribedAt)),
    )
    .returning({ author: followers.author });
  const already = await db
    .select({ author: followers.author })
    .from(followers)
    .where(
      and(
        inArray(followers.token, tokens),
        isNotNull(followers.confirmedAt),
        isNull(followers.unsubscribedAt),
      ),
    );
  return [...new Set([...rows, ...already].map((r) => r.author))];
}

/** One-click unsubscribe by the link's token; null when no such follower. Idempotent. */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<FollowerRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(followers).where(eq(followers.token, token)).for("update");
    if (!row) return null;
    if (row.unsubscribedAt) return row;
    const [updated] = await tx
      .update(followers)
      .set({ unsubscribedAt: now })
      .where(eq(followers.id, row.id))
      .returning();
    await cancelPendingForFollower(tx as unknown as Db, row.id);
    return updated ?? row;
  });
}

/** Confirmed, still subscribed followers of an author. */
export async function activeFollowers(db: Db, author: AuthorKey): Promise<FollowerRow[]> {
  return db
    .select()
    .from(followers)
    .where(
      and(eq(followers.author, author), isNotNull(followers.confirmedAt), isNull(followers.unsubscribedAt)),
    );
}

export async function countFollowers(db: Db, author: AuthorKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(followers)
    .where(
      and(eq(followers.author, author), isNotNull(followers.confirmedAt), isNull(followers.unsubscribedAt)),
    );
  return row?.n ?? 0;
}

/** What an address follows (confirmed and subscribed). */
export async function followedBy(db: Db, email: string): Promise<AuthorKey[]> {
  const rows = await db
    .select({ author: followers.author })
    .from(followers)
    .where(
      and(eq(followers.email, email), isNotNull(followers.confirmedAt), isNull(followers.unsubscribedAt)),
    );
  return rows.map((r) => r.author);
}
