import { tooManyRequests } from "./errors";

/**
 * Per-account limits on readers' writes. Every comment and like drops that post's cached reads,
 * the lists and the rendered pages (cache/subscriptions.ts), so one account flooding them would
 * turn most readers' requests into database work (and fill the disk): a person never comments 30
 * times or toggles a like 60 times in a minute.
 * In memory, per process: several processes each allow this much, which still bounds a flood.
 */
export const WRITE_LIMITS = {
  comment: { max: 30, windowMs: 60_000 },
  like: { max: 60, windowMs: 60_000 },
  // Each report lands in an author's review list: per reader, and per client address (clientKey)
  // so a crowd of fresh accounts from one place cannot fill it either.
  report: { max: 10, windowMs: 60 * 60_000 },
  reportPerAddress: { max: 30, windowMs: 60 * 60_000 },
} as const;

export const WRITE_LIMIT_MESSAGES = {
  comment: "You are commenting very quickly. Please wait a minute and try again.",
  like: "You are liking very quickly. Please wait a minute and try again.",
  report: "You have reported many comments in a short time. Please wait an hour and try again.",
  reportPerAddress:
    "Many comments were reported from your network in a short time. Please wait an hour and try again.",
} as const;

/** Keys whose hits all fell out of the window are dropped once the map grows past this. */
const PRUNE_AT = 10_000;

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Count one hit for `key`; false (and nothing counted) when the key is over its limit. */
  take(key: string): boolean {
    const now = this.now().getTime();
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > PRUNE_AT) this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) if (!times.some((t) => t > since)) this.hits.delete(key);
  }
}

/** The limiter for one kind of write (keyed by account, or by clientKey for a per-address one), throwing the 429 with its message. */
export function writeLimiter(kind: keyof typeof WRITE_LIMITS, now: () => Date) {
  const { max, windowMs } = WRITE_LIMITS[kind];
  const limiter = new SlidingWindowLimiter(max, windowMs, now);
  return (key: string): void => {
    if (!limiter.take(key)) throw tooManyRequests(WRITE_LIMIT_MESSAGES[kind]);
  };
}
