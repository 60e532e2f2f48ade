import type { Db } from "../db/client";
import type { Config } from "../env";
import { DeliveryWorker } from "../mail/delivery-worker";
import type { Mailer } from "../mail/mailer";
import { type ContactRow, claimDueMessage, markAttemptFailed, markSent } from "./contact.repository";
import { sendViaEmailJs } from "./emailjs";

export { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from "../mail/delivery-worker";

export type SendContact = (message: ContactRow) => Promise<void>;

/** Where contact messages go and the site name their subject carries. */
export interface ContactSite {
  recipients: string[];
  siteName: string;
}

/**
 * The configured way out: EmailJS when its service id is set, otherwise an email to the contact
 * recipients; both those and the site name are the settings in force, read at each send (by
 * default CONTACT_TO_EMAIL and SITE_NAME).
 */
export function createContactSender(
  config: Config,
  mailer: Mailer,
  fetchImpl?: typeof fetch,
  site: () => Promise<ContactSite> = async () => ({
    recipients: config.contactTo,
    siteName: config.siteName,
  }),
): SendContact {
  if (config.emailjs.serviceId) {
    return async (m) => sendViaEmailJs({ ...config, siteName: (await site()).siteName }, m, fetchImpl);
  }
  return async (m) => {
    const { recipients, siteName } = await site();
    await mailer.send({
      to: recipients,
      // Reply-To is the sender; fields with CR/LF never get this far (refused by the route).
      replyTo: m.email,
      subject: `[${siteName}] Contact: ${m.subject}`,
      text: [
        `From: ${m.name} <${m.email}>`,
        `Subject: ${m.subject}`,
        `Received: ${m.createdAt.toISOString()}`,
        "",
        m.message,
      ].join("\n"),
    });
  };
}

export interface ContactDeliveryOptions {
  db: Db;
  send: SendContact;
  now: () => Date;
  retryDelayMs?: (failedAttempts: number) => number;
  maxAttempts?: number;
  pollIntervalMs?: number;
  log?: (message: string) => void;
}

/** Delivers stored contact messages through the shared store-then-deliver worker. */
export class ContactDelivery extends DeliveryWorker<ContactRow> {
  constructor({ db, send, ...options }: ContactDeliveryOptions) {
    super(
      {
        claim: (now, leaseUntil) => claimDueMessage(db, now, leaseUntil),
        send,
        markSent: (row, now) => markSent(db, row.id, now),
        markFailed: (row, reason, retryAt) => markAttemptFailed(db, row.id, reason, retryAt),
      },
      { ...options, name: "contact message" },
    );
  }
}

/** The context's contact worker (ctx.contactDelivery); `site`: the settings in force, at each send. */
export function createContactDelivery(
  deps: { db: Db; config: Config; mailer: Mailer; now: () => Date },
  site: () => Promise<ContactSite>,
  log: (line: string) => void,
): ContactDelivery {
  const send = createContactSender(deps.config, deps.mailer, undefined, site);
  return new ContactDelivery({ db: deps.db, send, now: deps.now, log });
}
