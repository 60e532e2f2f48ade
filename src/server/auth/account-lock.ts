import { randomUUID } from "node:crypto";
import { and, count, eq, gt, like, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { verification } from "../db/schema";
import { normaliseEmail } from "../env";

/** Failed sign-ins allowed for one account in the window, whatever the IP they come from. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const PREFIX = "sign-in-failure:";

// Failures are rows of Better Auth's verification table (identifier + expiry), so every process
// sharing the database sees the same count and no schema change is needed.
const identifierFor = (email: string) => `${PREFIX}${normaliseEmail(email)}`;

/** True when this account has had too many failed sign-ins recently. */
export async function isAccountLocked(db: Db, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(verification)
    .where(and(eq(verification.identifier, identifierFor(email)), gt(verification.expiresAt, now)));
  return (row?.n ?? 0) >= ACCOUNT_FAILURE_LIMIT;
}

export async function recordFailedSignIn(db: Db, email: string, now: Date): Promise<void> {
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierFor(email),
    value: "1",
    expiresAt: new Date(now.getTime() + ACCOUNT_FAILURE_WINDOW_MS),
  });
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${PREFIX}%`), lt(verification.expiresAt, now)));
}

/** A successful sign-in by the owner starts the count again. */
export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, identifierFor(email)));
}
