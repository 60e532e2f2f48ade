import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema";

// Limits per RECIPIENT address, whoever asks and from however many client addresses
// (docs/decisions/0024-mail-abuse-limits.md). Counted in mail_queue, in the transaction that
// queues the email, under a per-address advisory lock: two processes cannot both pass a limit.

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Follow confirmations: one per address and blog per hour while it waits, at most 3 a day in all. */
export const CONFIRMATION_LIMITS = { pendingForMs: HOUR, perDay: 3, dayMs: DAY } as const;

/** Notification-address links: one an hour, at most 3 a day. */
export const VERIFY_LIMITS = { everyMs: HOUR, perDay: 3, dayMs: DAY } as const;

/**
 * Reply and comment notifications to one address in one hour. The ones past it are not sent
 * (the comments are on the site; the last email sent says so): a flood of replies cannot turn
 * the blog into a relay, and a real conversation rarely reaches it.
 */
export const NOTIFICATIONS_PER_HOUR = 10;
export const NOTIFICATION_WINDOW_MS = HOUR;

type Kind = (typeof mailQueue.$inferSelect)["kind"];

/** Serialise every mail decision about one address until the transaction ends. */
export async function lockRecipient(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duet:mail:${email}`}))`);
}

/** Emails of these kinds queued to `email` since `since` (sent, waiting or failed alike). */
export async function queuedSince(tx: Db, email: string, kinds: Kind[], since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mailQueue)
    .where(
      and(eq(mailQueue.toEmail, email), inArray(mailQueue.kind, kinds), gte(mailQueue.createdAt, since)),
    );
  return row?.n ?? 0;
}

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
