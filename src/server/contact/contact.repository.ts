import { and, count, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { ContactInput, ContactMessage } from "../../common/engagement";
import type { Page } from "../../common/types";
import type { Db } from "../db/client";
import { contactMessages } from "../db/schema";

export type ContactRow = typeof contactMessages.$inferSelect;

export const toContactMessage = (row: ContactRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  attempts: row.attempts,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  lastError: row.lastError,
});

/** Store a message first: it is due for delivery at once. */
export async function insertContactMessage(
  db: Db,
  input: Omit<ContactInput, "website">,
  meta: { ip: string; now: Date },
): Promise<ContactRow> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, ip: meta.ip, createdAt: meta.now, nextAttemptAt: meta.now, status: "pending" })
    .returning();
  return row!;
}

/**
 * Store a message unless its address already stored `max` since `since` (the per-IP rate limit).
 * Count and insert run in one transaction under a lock on the address, so concurrent sends from one
 * address cannot all pass the count. Returns null (and stores nothing) when over the limit.
 */
export async function insertContactMessageWithinLimit(
  db: Db,
  input: Omit<ContactInput, "website">,
  meta: { ip: string; now: Date },
  limit: { since: Date; max: number },
): Promise<ContactRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duet:contact:${meta.ip}`}))`);
    if ((await countRecentFromIp(tx, meta.ip, limit.since)) >= limit.max) return null;
    return insertContactMessage(tx, input, meta);
  });
}

/** How many messages this address stored since `since` (the per-IP rate limit). */
export async function countRecentFromIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gte(contactMessages.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Claim one due message atomically: its attempt is counted and it is leased until `leaseUntil`,
 * so no other worker (in this process or another sharing the database) sends it meanwhile.
 */
export async function claimDueMessage(db: Db, now: Date, leaseUntil: Date): Promise<ContactRow | null> {
  const due = sql`(select ${contactMessages.id} from ${contactMessages}
    where ${contactMessages.status} = 'pending' and ${contactMessages.nextAttemptAt} <= ${now}
    order by ${contactMessages.nextAttemptAt}, ${contactMessages.createdAt}
    limit 1 for update skip locked)`;
  const [row] = await db
    .update(contactMessages)
    .set({ attempts: sql`${contactMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(eq(contactMessages.status, "pending"), eq(contactMessages.id, due)))
    .returning();
  return row ?? null;
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(contactMessages)
    .set({ status: "sent", deliveredAt: now, lastError: null })
    .where(eq(contactMessages.id, id));
}

/** A failed attempt: retry at `retryAt`, or give up (status 'failed') when retryAt is null. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(contactMessages)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 500), status: "failed" },
    )
    .where(eq(contactMessages.id, id));
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Only what encodeCursor makes: anything else (a malformed uuid, year 0, 30 February) was a 500.
  if (!iso || !id || !CURSOR_ID.test(id) || !CURSOR_TIME.test(iso) || iso.startsWith("0000")) return null;
  const createdAt = new Date(iso);
  return !Number.isNaN(createdAt.getTime()) && createdAt.toISOString() === iso ? { createdAt, id } : null;
}

/** Received messages, newest first, with their delivery status (the admin Inbox). */
export async function listContactMessages(
  db: Db,
  limit: number,
  after: { createdAt: Date; id: string } | null,
): Promise<Page<ContactMessage>> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(
      after
        ? or(
            lt(contactMessages.createdAt, after.createdAt),
            and(eq(contactMessages.createdAt, after.createdAt), lt(contactMessages.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(toContactMessage),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}
