import type { Db } from "../db/client";
import type { Config } from "../env";
import type { Mailer } from "../mail/mailer";
import { type ContactRow, claimDueMessage, markAttemptFailed, markSent } from "./contact.repository";
import { sendViaEmailJs } from "./emailjs";

/** Wait before attempt n+1 after n failed attempts: 1 min, 5 min, 30 min, 2 h, 6 h, then give up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A claimed message is not picked again for this long (a crashed sender's message is retried after it). */
export const CLAIM_LEASE_MS = 10 * 60_000;
export const POLL_INTERVAL_MS = 30_000;

export type SendContact = (message: ContactRow) => Promise<void>;

/** The configured way out: EmailJS when its service id is set, otherwise an email to CONTACT_TO_EMAIL. */
export function createContactSender(config: Config, mailer: Mailer, fetchImpl?: typeof fetch): SendContact {
  if (config.emailjs.serviceId) {
    return (m) => sendViaEmailJs(config, m, fetchImpl);
  }
  return async (m) => {
    await mailer.send({
      to: config.contactTo,
      // Reply-To is the sender; fields with CR/LF never get this far (refused by the route).
      replyTo: m.email,
      subject: `[${config.siteName}] Contact: ${m.subject}`,
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

/**
 * Delivers stored contact messages: each due message is claimed atomically, sent, then marked
 * 'sent'; a failure is retried with backoff until the attempts run out ('failed').
 */
export class ContactDelivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly retryDelayMs: (failedAttempts: number) => number;
  private readonly maxAttempts: number;

  constructor(private readonly options: ContactDeliveryOptions) {
    this.retryDelayMs =
      options.retryDelayMs ??
      ((n) => RETRY_DELAYS_MS[Math.min(n, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!);
    this.maxAttempts = options.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  }

  /** Poll for due messages; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Look for due messages now (after a new one is stored). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Deliver everything due now and wait until done (tests, shutdown). */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.deliverDue();
      } catch (error) {
        this.options.log?.(`contact delivery: ${(error as Error).message}`);
      }
    } while (this.again && !this.stopped);
  }

  /** Claim and send due messages one by one until none is due. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    while (!this.stopped) {
      const now = this.options.now();
      const message = await claimDueMessage(this.options.db, now, new Date(now.getTime() + CLAIM_LEASE_MS));
      if (!message) break;
      try {
        await this.options.send(message);
        await markSent(this.options.db, message.id, this.options.now());
        delivered++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = message.attempts >= this.maxAttempts;
        const retryAt = giveUp
          ? null
          : new Date(this.options.now().getTime() + this.retryDelayMs(message.attempts));
        await markAttemptFailed(this.options.db, message.id, reason, retryAt);
        this.options.log?.(
          `contact message ${message.id}: attempt ${message.attempts} failed (${reason})${giveUp ? "; giving up" : ""}`,
        );
      }
    }
    return delivered;
  }
}
