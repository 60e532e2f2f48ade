import { and, count, eq, getTableColumns, gte, sql } from "drizzle-orm";
import type { ContactMessage } from "../../common/engagement";
import type { ContactInput } from "../../common/schemas/contact";
import type { Page } from "../../common/types";
import type { Db } from "../db/client";
import { contactMessages } from "../db/schema";
import { after, exactInstant, newestFirst, type PageRequest, toPage } from "../pagination";

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

/** Received messages, newest first, with their delivery status (the admin Inbox). */
export async function listContactMessages(db: Db, page: PageRequest): Promise<Page<ContactMessage>> {
  const rows = await db
    .select({ ...getTableColumns(contactMessages), cursorAt: exactInstant(contactMessages.createdAt) })
    .from(contactMessages)
    .where(after(contactMessages.createdAt, contactMessages.id, page.cursor))
    .orderBy(...newestFirst(contactMessages.createdAt, contactMessages.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, toContactMessage);
}
