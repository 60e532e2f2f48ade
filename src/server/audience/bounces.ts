import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { followers, mailQueue } from "../db/schema";

/** Permanent failures (SMTP 5xx) in a row after which an address is bouncing and no longer mailed. */
export const BOUNCE_LIMIT = 3;

/** An SMTP answer of 5xx: the receiving server refuses for good (unknown mailbox, policy…). */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The server's answer as a person can read it on the Audience page. */
export function bounceReason(error: unknown): string {
  const e = error as { responseCode?: number; response?: string; message?: string };
  return (e.response ?? e.message ?? String(error)).replace(/\s+/g, " ").trim().slice(0, 300);
}

/**
 * Count one permanent failure for every follower row of this address (both blogs: it is the
 * mailbox that fails). At BOUNCE_LIMIT the rows turn bouncing and what is still queued for the
 * address to followers is cancelled. Returns whether the address is bouncing now.
 */
export async function recordBounce(db: Db, email: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await tx
      .update(followers)
      .set({
        bounceCount: sql`${followers.bounceCount} + 1`,
        bounceReason: reason,
        bouncedAt: sql`case when ${followers.bounceCount} + 1 >= ${BOUNCE_LIMIT} then coalesce(${followers.bouncedAt}, ${now}) else ${followers.bouncedAt} end`,
      })
      .where(eq(followers.email, email))
      .returning({ id: followers.id, bouncedAt: followers.bouncedAt });
    const bouncing = rows.filter((r) => r.bouncedAt);
    if (bouncing.length > 0)
      await tx
        .update(mailQueue)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(mailQueue.status, "pending"),
            inArray(
              mailQueue.followerId,
              bouncing.map((r) => r.id),
            ),
          ),
        );
    return bouncing.length > 0;
  });
}

/** A delivery went through: the failures were not "in a row". Bouncing stays until removed. */
export async function clearBounces(db: Db, email: string): Promise<void> {
  await db
    .update(followers)
    .set({ bounceCount: 0 })
    .where(and(eq(followers.email, email), isNull(followers.bouncedAt), sql`${followers.bounceCount} > 0`));
}
