import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { notificationSettings, user } from "../db/schema";
import { type Config, normaliseEmail } from "../env";
import { noticeHtml } from "../mail/letters/notice-letter";
import { newToken } from "../secret";
import { siteNameNow } from "../settings/settings-now.reads";
import { subscriptionsPage } from "./emails";
import { enqueueMail } from "./mail-queue.repository";
import { ago, lockRecipient, queuedSince, VERIFY_LIMITS } from "./recipient-limits";

// Reply and comment notifications go only to a mailbox its reader proved by opening an emailed
// link (docs/decisions/0024-mail-abuse-limits.md). This is not Better Auth's emailVerified: that
// flag makes an author address an admin, so a link a stranger had sent to the author must never
// set it. SPEC's registration stays as it is; the link is offered when notifications are wanted.

/** How long a notification-address link works. */
export const VERIFY_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

type SettingsRow = typeof notificationSettings.$inferSelect;

/** A mailbox may get notifications: Better Auth proved it (the authors), or the reader's link did. */
export const isProvenMailbox = (account: { email: string; emailVerified: boolean }, s: SettingsRow | null) =>
  account.emailVerified ||
  (!!s?.verifiedEmail && normaliseEmail(s.verifiedEmail) === normaliseEmail(account.email));

export type VerificationRequest = "verified" | "sent" | "waiting";

/**
 * Email the signed-in reader a link that proves their address: at most one an hour and
 * VERIFY_LIMITS.perDay a day (a waiting link is not replaced), nothing when already proven.
 */
export async function requestMailboxVerification(
  db: Db,
  config: Config,
  userId: string,
  now: Date,
): Promise<VerificationRequest> {
  const [account] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return "waiting";
  const email = normaliseEmail(account.email);
  const siteName = await siteNameNow(db, config);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockRecipient(tx, email);
    await tx.insert(notificationSettings).values({ userId, token: newToken() }).onConflictDoNothing();
    const [s] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
    if (isProvenMailbox(account, s ?? null)) return "verified";
    const recent =
      s?.verifySentAt && s.verifySentAt > ago(now, VERIFY_LIMITS.everyMs) && s.verifyEmail === email;
    if (recent) return "waiting";
    if ((await queuedSince(tx, email, ["verify"], ago(now, VERIFY_LIMITS.dayMs))) >= VERIFY_LIMITS.perDay)
      return "waiting";
    const token = newToken();
    await tx
      .update(notificationSettings)
      .set({ verifyTokenHash: hash(token), verifyEmail: email, verifySentAt: now })
      .where(eq(notificationSettings.userId, userId));
    const link = subscriptionsPage(config, { verify: token });
    const asked = `Someone signed in to ${siteName} as ${email} asked for emails when someone replies to their comments.`;
    const ignore = "If it was not you, ignore this email: nothing more will be sent to you.";
    await enqueueMail(tx, [
      {
        kind: "verify",
        toEmail: email,
        subject: `[${siteName}] Confirm your address for notification emails`,
        text: [asked, "", `If that was you, confirm this address: ${link}`, "", ignore].join("\n"),
        html: noticeHtml({
          siteName,
          siteUrl: config.publicUrl,
          heading: "Confirm your address",
          intro: [asked],
          action: { label: "Confirm this address", url: link },
          outro: [ignore],
        }),
        createdAt: now,
        nextAttemptAt: now,
      },
    ]);
    return "sent";
  });
}

/** The emailed link's page posts its token here: the address it was sent to is now proven. */
export async function confirmMailbox(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.verifyTokenHash, hash(token)));
  if (!row?.verifyEmail || !row.verifySentAt || row.verifySentAt < ago(now, VERIFY_LINK_TTL_MS)) return false;
  await db
    .update(notificationSettings)
    .set({ verifiedEmail: row.verifyEmail, verifyTokenHash: null })
    .where(eq(notificationSettings.userId, row.userId));
  return true;
}
