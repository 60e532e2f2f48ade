import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rowsOf } from "./db/rows";
import { domainEvents, eventDeliveries } from "./db/schema";
import { RETRY_DELAYS_MS } from "./mail/delivery-worker";

// The outbox's statements (outbox.ts): claims with a lease, as the mail queues claim their rows.

const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const CLAIM_BATCH = 20;

export interface DeliveryKey {
  eventId: number;
  subscriber: string;
}

/** Claim due deliveries of `mine` (FOR UPDATE SKIP LOCKED), leased to `instance`; oldest event first. */
export async function claimDueDeliveries(
  db: Db,
  instance: string,
  mine: SQL | undefined,
  now: Date,
  leaseUntil: Date,
): Promise<DeliveryKey[]> {
  const result = await db.execute(sql`
    update ${eventDeliveries} d
    set claimed_by = ${instance}, next_attempt_at = ${leaseUntil}
    from (select event_id, subscriber from ${eventDeliveries}
          where status = 'pending' and next_attempt_at <= ${now} and ${mine}
          order by event_id limit ${CLAIM_BATCH} for update skip locked) due
    where d.event_id = due.event_id and d.subscriber = due.subscriber
    returning d.event_id, d.subscriber`);
  return rowsOf<{ event_id: string | number; subscriber: string }>(result)
    .map((r) => ({ eventId: Number(r.event_id), subscriber: r.subscriber }))
    .sort((a, b) => a.eventId - b.eventId);
}

/** A failed try: retried after the mail queues' delays (1 min, 5 min, …), then given up. */
export async function markDeliveryFailed(db: Db, key: DeliveryKey, error: unknown, now: Date): Promise<void> {
  const where = and(eq(eventDeliveries.eventId, key.eventId), eq(eventDeliveries.subscriber, key.subscriber));
  const [row] = await db.select({ attempts: eventDeliveries.attempts }).from(eventDeliveries).where(where);
  const attempts = (row?.attempts ?? 0) + 1;
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
  await db
    .update(eventDeliveries)
    .set({
      attempts,
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      claimedBy: null,
      nextAttemptAt: new Date(now.getTime() + delay),
      ...(attempts >= MAX_ATTEMPTS ? { status: "failed" as const } : {}),
    })
    .where(and(where, eq(eventDeliveries.status, "pending")));
}

/** Every lease ends now (the embedded database at start: the process that held them is gone). */
export async function releaseLeases(db: Db, now: Date): Promise<void> {
  await db
    .update(eventDeliveries)
    .set({ claimedBy: null, nextAttemptAt: now })
    .where(and(eq(eventDeliveries.status, "pending"), isNotNull(eventDeliveries.claimedBy)));
}

/** Events older than `before` with nothing left to do. */
export async function pruneHandledEvents(db: Db, before: Date): Promise<void> {
  await db.execute(sql`
    delete from ${domainEvents} e where e.created_at < ${before}
    and not exists (select 1 from ${eventDeliveries} d where d.event_id = e.id and d.status = 'pending')`);
}
