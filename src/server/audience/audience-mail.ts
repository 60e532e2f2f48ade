import type { Db } from "../db/client";
import { DeliveryWorker } from "../mail/delivery-worker";
import type { HeaderValue, Mailer } from "../mail/mailer";
import { claimDueMail, markMailFailed, markMailSent, type QueuedMail } from "./mail-queue.repository";

/** RFC 8058: a one-click unsubscribe target the mail client may POST to. */
export function unsubscribeHeaders(url: string | null): Record<string, string> | undefined {
  if (!url) return undefined;
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Sends the stored audience emails (the mail_queue table) through the shared delivery worker. */
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
        send: async (row) =>
          mailer.send({
            to: row.toEmail,
            subject: row.subject,
            text: row.text,
            ...(row.html ? { html: row.html } : {}),
            headers: { ...unsubscribeHeaders(row.unsubscribeUrl), ...(await options.extraHeaders?.(row)) },
          }),
        markSent: (row, now) => markMailSent(db, row.id, now),
        markFailed: (row, reason, retryAt) => markMailFailed(db, row.id, reason, retryAt),
      },
      {
        now: options.now,
        perMinute: options.perMinute,
        sleep: options.sleep,
        log: options.log,
        name: "audience email",
      },
    );
  }
}
