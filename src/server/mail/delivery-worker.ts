import { KickLoop } from "../kick-loop";

/**
 * The store-then-deliver loop shared by every outgoing queue (contact messages, audience mail):
 * rows are stored first, then each due row is claimed atomically (so one worker, in this process
 * or another sharing the database, sends it), sent, and marked; a failure is retried with
 * backoff until the attempts run out.
 */

/** Wait before attempt n+1 after n failed attempts: 1 min, 5 min, 30 min, 2 h, 6 h, then give up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A claimed row is not picked again for this long (a crashed sender's row is retried after it). */
export const CLAIM_LEASE_MS = 10 * 60_000;
export const POLL_INTERVAL_MS = 30_000;

export interface QueuedRow {
  id: string;
  /** Attempts so far, including the one just claimed. */
  attempts: number;
}

export interface DeliveryQueue<Row extends QueuedRow> {
  /** Claim one due row (FOR UPDATE SKIP LOCKED), counting its attempt and leasing it until `leaseUntil`. */
  claim(now: Date, leaseUntil: Date): Promise<Row | null>;
  send(row: Row): Promise<void>;
  markSent(row: Row, now: Date): Promise<void>;
  /** Retry at `retryAt`, or give up when it is null. */
  markFailed(row: Row, reason: string, retryAt: Date | null): Promise<void>;
  /** A failure no retry can mend (e.g. SMTP 5xx): the row gives up at once. */
  isPermanent?(error: unknown): boolean;
}

export interface DeliveryWorkerOptions {
  now: () => Date;
  retryDelayMs?: (failedAttempts: number) => number;
  maxAttempts?: number;
  pollIntervalMs?: number;
  /** At most this many sends per minute from this worker (unset: no limit). */
  perMinute?: number;
  /**
   * Waits for a send slot shared with other processes (audience/send-rate.ts), taken after a row
   * is claimed so that no slot goes to an empty queue; replaces `perMinute`.
   */
  pace?: () => Promise<void>;
  /** How the worker waits between sends (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** Names the queue in log lines. */
  name: string;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class DeliveryWorker<Row extends QueuedRow> {
  private timer: NodeJS.Timeout | null = null;
  private readonly loop = new KickLoop(
    () => this.deliverDue(),
    (error) => this.options.log?.(`${this.options.name} delivery: ${(error as Error).message}`),
  );
  private stopped = false;
  private lastSendAt = 0;
  private readonly retryDelayMs: (failedAttempts: number) => number;
  private readonly maxAttempts: number;

  constructor(
    private readonly queue: DeliveryQueue<Row>,
    private readonly options: DeliveryWorkerOptions,
  ) {
    this.retryDelayMs =
      options.retryDelayMs ??
      ((n) => RETRY_DELAYS_MS[Math.min(n, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!);
    this.maxAttempts = options.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  }

  /** Poll for due rows; the timer never keeps the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Look for due rows now (after new ones are stored). */
  kick(): void {
    void this.loop.kick();
  }

  /** Deliver everything due now and wait until done (tests, shutdown). */
  async drain(): Promise<void> {
    this.kick();
    await this.loop.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.loop.close();
  }

  /** The configured rate: space sends at least 60 s / perMinute apart. */
  private async pace(): Promise<void> {
    const perMinute = this.options.perMinute;
    if (!perMinute) return;
    const wait = this.lastSendAt + 60_000 / perMinute - Date.now();
    if (wait > 0) await (this.options.sleep ?? realSleep)(wait);
    this.lastSendAt = Date.now();
  }

  /** Claim and send due rows one by one until none is due. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    while (!this.stopped) {
      if (!this.options.pace) await this.pace();
      const now = this.options.now();
      const row = await this.queue.claim(now, new Date(now.getTime() + CLAIM_LEASE_MS));
      if (!row) break;
      try {
        if (this.options.pace) await this.options.pace();
        await this.queue.send(row);
        await this.queue.markSent(row, this.options.now());
        delivered++;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= this.maxAttempts || this.queue.isPermanent?.(error) === true;
        const retryAt = giveUp
          ? null
          : new Date(this.options.now().getTime() + this.retryDelayMs(row.attempts));
        await this.queue.markFailed(row, reason, retryAt);
        this.options.log?.(
          `${this.options.name} ${row.id}: attempt ${row.attempts} failed (${reason})${giveUp ? "; giving up" : ""}`,
        );
      }
    }
    return delivered;
  }
}
