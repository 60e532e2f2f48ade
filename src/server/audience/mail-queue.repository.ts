import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema";

export type QueuedMail = typeof mailQueue.$inferSelect;
export type NewQueuedMail = typeof mailQueue.$inferInsert;

/**
 * Store emails to send. A post reaches a follower once: rows repeating a (follower, post) pair
 * are dropped by the unique key, whichever process or retry tries to add them.
 */
export async function enqueueMail(db: Db, rows: NewQueuedMail[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(mailQueue)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: mailQueue.id });
    added += inserted.length;
  }
  return added;
}

/** Claim one due email (FOR UPDATE SKIP LOCKED): its attempt is counted and it is leased until `leaseUntil`. */
export async function claimDueMail(db: Db, now: Date, leaseUntil: Date): Promise<QueuedMail | null> {
  const due = sql`(select ${mailQueue.id} from ${mailQueue}
    where ${mailQueue.status} = 'pending' and ${mailQueue.nextAttemptAt} <= ${now}
    order by ${mailQueue.nextAttemptAt}, ${mailQueue.createdAt}
    limit 1 for update skip locked)`;
  const [row] = await db
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: leaseUntil, leasedAt: now })
    .where(and(eq(mailQueue.status, "pending"), eq(mailQueue.id, due)))
    .returning();
  return row ?? null;
}

/**
 * The embedded database at start: no other process can hold a lease (the DATA_DIR lock), so a
 * row still leased was being sent by a process that died; it is due now, not after the lease.
 */
export async function releaseMailLeases(db: Db, now: Date): Promise<void> {
  await db
    .update(mailQueue)
    .set({ leasedAt: null, nextAttemptAt: now })
    .where(and(eq(mailQueue.status, "pending"), isNotNull(mailQueue.leasedAt)));
}

export async function markMailSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: "sent", sentAt: now, lastError: null, leasedAt: null })
    .where(eq(mailQueue.id, id));
}

export async function markMailFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailQueue)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt, leasedAt: null }
        : { lastError: error.slice(0, 500), status: "failed", leasedAt: null },
    )
    .where(eq(mailQueue.id, id));
}

/** Nothing more goes to a follower who unsubscribed, even what was already queued. */
export async function cancelPendingForFollower(db: Db, followerId: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: "cancelled" })
    .where(and(eq(mailQueue.followerId, followerId), eq(mailQueue.status, "pending")));
}

/** Nothing more of a kind goes to an address that switched it off. */
export async function cancelPendingOfKind(
  db: Db,
  toEmail: string,
  kind: "reply" | "comment" | "takes" | "note",
): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: "cancelled" })
    .where(and(eq(mailQueue.toEmail, toEmail), eq(mailQueue.kind, kind), eq(mailQueue.status, "pending")));
}
