import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { AuthorKey } from "../../common/limits";
import type { Db } from "../db/client";
import { followers } from "../db/schema";
import { newToken } from "../secret";
import { cancelPendingForFollower, enqueueMail } from "./mail-queue.repository";
import { ago, CONFIRMATION_LIMITS, lockRecipient, queuedSince } from "./recipient-limits";

export type FollowerRow = typeof followers.$inferSelect;

export interface FollowRequest {
  email: string;
  authors: AuthorKey[];
  userId: string | null;
  /** A signed-in reader following with their own verified address: no confirmation needed. */
  confirmed: boolean;
  now: Date;
}

/** The confirmation email for these blogs and their rows' tokens (emails.ts). */
export type ConfirmationEmail = (
  authors: AuthorKey[],
  tokens: string[],
) => { subject: string; text: string; html?: string };

/**
 * Follow `authors` with `email`; returns how many confirmation emails were queued (0 or 1).
 * Confirmed rows stay as they are; a new or unsubscribed one starts over (new token). A row whose
 * confirmation went out within the hour is waiting: asking again sends nothing new, whoever
 * asks; and one address gets at most CONFIRMATION_LIMITS.perDay confirmations a day
 * (recipient-limits.ts). A row that waits keeps its token, so the link already sent still works.
 */
export async function requestFollow(db: Db, input: FollowRequest, email: ConfirmationEmail): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockRecipient(tx, input.email);
    const pendingSince = ago(input.now, CONFIRMATION_LIMITS.pendingForMs);
    const due: FollowerRow[] = [];
    for (const author of input.authors) {
      const [existing] = await tx
        .select()
        .from(followers)
        .where(and(eq(followers.email, input.email), eq(followers.author, author)))
        .for("update");
      if (existing?.confirmedAt && !existing.unsubscribedAt) continue;
      const waiting = existing && !existing.unsubscribedAt;
      if (waiting && !input.confirmed) {
        if (input.userId && !existing.userId)
          await tx.update(followers).set({ userId: input.userId }).where(eq(followers.id, existing.id));
        if (existing.confirmationSentAt && existing.confirmationSentAt > pendingSince) continue;
        due.push(existing);
        continue;
      }
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
      if (row && !row.confirmedAt) due.push(row);
    }
    if (due.length === 0) return 0;
    const today = await queuedSince(tx, input.email, ["confirm"], ago(input.now, CONFIRMATION_LIMITS.dayMs));
    if (today >= CONFIRMATION_LIMITS.perDay) return 0;
    await tx
      .update(followers)
      .set({ confirmationSentAt: input.now })
      .where(
        inArray(
          followers.id,
          due.map((r) => r.id),
        ),
      );
    const mail = email(
      due.map((r) => r.author),
      due.map((r) => r.token),
    );
    return enqueueMail(tx, [
      {
        kind: "confirm",
        toEmail: input.email,
        followerId: due[0]!.id,
        ...mail,
        createdAt: input.now,
        nextAttemptAt: input.now,
      },
    ]);
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

/** Who a new post is mailed to: confirmed, still subscribed, not bouncing (bounces.ts). */
export const isActiveFollowerOf = (author: AuthorKey) =>
  and(
    eq(followers.author, author),
    isNotNull(followers.confirmedAt),
    isNull(followers.unsubscribedAt),
    isNull(followers.bouncedAt),
  );

/** How many addresses a new post by `author` would be emailed to. */
export async function countFollowers(db: Db, author: AuthorKey): Promise<number> {
  const [row] = await db.select({ n: count() }).from(followers).where(isActiveFollowerOf(author));
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
