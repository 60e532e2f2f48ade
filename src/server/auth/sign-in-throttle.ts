import { randomUUID } from "node:crypto";
import { and, count, eq, gt, inArray, like, lt, max } from "drizzle-orm";
import { clientKey } from "../client-key";
import type { Db } from "../db/client";
import { verification } from "../db/schema";
import { normaliseEmail } from "../env";

// Failed sign-ins slow guessing down with growing delays, never a lock: a stranger's failures
// cannot keep the owner out (docs/decisions/0013-account-security.md).
// - one account from one address: 5 failures free, then a growing delay;
// - one account from every address: 10 free, then an address that has itself failed on the
//   account waits the account's growing delay after its own last failure. An address with no
//   failure of its own is never held by it (the owner signs in from a new
//   address while strangers guess), and an address that signed in to the account before passes;
// - one address over every account (spraying): 10 free, the same exemption.
// "Address" is an IPv4 address or an IPv6 /64 (client-key.ts).
export const PAIR_FREE_FAILURES = 5;
export const ACCOUNT_FREE_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 10;
/** How long a failure counts. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const FIRST_DELAY_MS = 15_000;
const MAX_DELAY_MS = FAILURE_WINDOW_MS;
/** How long an address that signed in stays known for that account. */
const KNOWN_ADDRESS_MS = 180 * 24 * 60 * 60 * 1000;

// Rows of Better Auth's verification table (identifier, value = client address, expiry), so every
// process sharing the database sees the same counts and no schema change is needed.
const FAILURE = "sign-in-failure:";
const KNOWN = "sign-in-known:";
const failureId = (email: string) => `${FAILURE}${normaliseEmail(email)}`;
const knownId = (email: string) => `${KNOWN}${normaliseEmail(email)}`;

/** The delay after the n-th failure of a scope that allows `free` failures. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - free));
}

async function failuresWhere(db: Db, where: ReturnType<typeof and>, now: Date) {
  const [row] = await db
    .select({ n: count(), last: max(verification.createdAt) })
    .from(verification)
    .where(and(where, gt(verification.expiresAt, now)));
  return { n: row?.n ?? 0, last: row?.last ?? null };
}

async function isKnownAddress(db: Db, email: string, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, knownId(email)),
        eq(verification.value, address),
        gt(verification.expiresAt, now),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Milliseconds this sign-in must still wait (0: go ahead). */
export async function signInWait(db: Db, email: string, ip: string, now: Date): Promise<number> {
  const address = clientKey(ip);
  const pair = await failuresWhere(
    db,
    and(eq(verification.identifier, failureId(email)), eq(verification.value, address)),
    now,
  );
  const waits = [pair.last ? pair.last.getTime() + delayAfter(pair.n, PAIR_FREE_FAILURES) : 0];
  if (!(await isKnownAddress(db, email, address, now))) {
    if (pair.last) {
      // The account's delay, counted from this address's own last failure: the guesser waits,
      // an address that has not failed on the account (the owner somewhere new) does not.
      const account = await failuresWhere(db, eq(verification.identifier, failureId(email)), now);
      waits.push(pair.last.getTime() + delayAfter(account.n, ACCOUNT_FREE_FAILURES));
    }
    const spray = await failuresWhere(
      db,
      and(like(verification.identifier, `${FAILURE}%`), eq(verification.value, address)),
      now,
    );
    if (spray.last) waits.push(spray.last.getTime() + delayAfter(spray.n, ADDRESS_FREE_FAILURES));
  }
  return Math.max(0, ...waits.map((at) => at - now.getTime()));
}

export async function recordFailedSignIn(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: failureId(email),
    value: clientKey(ip),
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + FAILURE_WINDOW_MS),
  });
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${FAILURE}%`), lt(verification.expiresAt, now)));
}

/** The owner signed in from this address: it is known for the account, and its own failures are forgiven. */
export async function recordSuccessfulSignIn(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const address = clientKey(ip);
  await db.delete(verification).where(
    // this pair's failures, and its previous "known" row (renewed below)
    and(
      eq(verification.value, address),
      inArray(verification.identifier, [failureId(email), knownId(email)]),
    ),
  );
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: knownId(email),
    value: address,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + KNOWN_ADDRESS_MS),
  });
}

/** A password reset proves the mailbox: every failure on the account is forgotten. */
export async function clearFailedSignIns(db: Db, email: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, failureId(email)));
}
