import type { Db } from "../db/client";
import { DeliveryWorker } from "../mail/delivery-worker";
import type { HeaderValue, Mailer } from "../mail/mailer";
import { bounceReason, clearBounces, isPermanentFailure, recordBounce } from "./bounces";
import { claimDueMail, markMailFailed, markMailSent, type QueuedMail } from "./mail-queue.repository";
import { sharedPace } from "./send-rate";

/** RFC 8058: a one-click unsubscribe target the mail client may POST to. */
export function unsubscribeHeaders(url: string | null): Record<string, string> | undefined {
  if (!url) return undefined;
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Sends the stored audience emails (the mail_queue table) through the shared delivery worker, at
 * MAIL_QUEUE_PER_MINUTE shared by every process on the database (send-rate.ts). A permanent
 * failure (SMTP 5xx) is not retried and counts towards the address bouncing (bounces.ts).
 */
export class AudienceMail extends DeliveryWorker<QueuedMail> {
  constructor(options: {
    db: Db;
    mailer: Mailer;
    now: () => Date;
    perMinute: number;
    sleep?: (ms: number) => Promise<void>;
    log?: (line: string) => void;
    /** More headers for a row (List-Id and Precedence on follower mail: list-headers.ts). */
    extraHeaders?: (row: QueuedMail) => Promise<Record<string, HeaderValue>>;
  }) {
    const { db, mailer } = options;
    super(
      {
        claim: (now, leaseUntil) => claimDueMail(db, now, leaseUntil),
        send: async (row) => {
          try {
            await mailer.send({
              to: row.toEmail,
              subject: row.subject,
              text: row.text,
              ...(row.html ? { html: row.html } : {}),
              headers: { ...unsubscribeHeaders(row.unsubscribeUrl), ...(await options.extraHeaders?.(row)) },
            });
          } catch (error) {
            if (isPermanentFailure(error)) {
              const bouncing = await recordBounce(db, row.toEmail, bounceReason(error), options.now());
              if (bouncing) options.log?.(`audience email: ${row.toEmail} is bouncing; no more mail to it`);
            }
            throw error;
          }
          await clearBounces(db, row.toEmail);
        },
        markSent: (row, now) => markMailSent(db, row.id, now),
        markFailed: (row, reason, retryAt) => markMailFailed(db, row.id, reason, retryAt),
        isPermanent: isPermanentFailure,
      },
      {
        now: options.now,
        pace: sharedPace(db, "audience", options.perMinute, options.sleep ?? realSleep),
        log: options.log,
        name: "audience email",
      },
    );
  }
}
