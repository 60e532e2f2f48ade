import { SlidingWindowLimiter, WRITE_LIMITS } from "../write-limits";

/** Replies one remote server's accounts may publish here per minute, all together. */
export const REMOTE_REPLIES_PER_SERVER_PER_MINUTE = 60;

/**
 * Remote replies get the readers' per-account comment limit (30 a minute) and a per-server one.
 * A reply above either is not lost and not refused (its server was answered 202 long before):
 * it is held for the post's author's review, as a reader's first comment is.
 */
export class RemoteReplyLimits {
  private readonly perAccount: SlidingWindowLimiter;
  private readonly perServer: SlidingWindowLimiter;

  constructor(now: () => Date) {
    const { max, windowMs } = WRITE_LIMITS.comment;
    this.perAccount = new SlidingWindowLimiter(max, windowMs, now);
    this.perServer = new SlidingWindowLimiter(REMOTE_REPLIES_PER_SERVER_PER_MINUTE, 60_000, now);
  }

  /** Counts one reply by `actorId`; false when it must wait for review. */
  allows(actorId: string): boolean {
    const host = URL.canParse(actorId) ? new URL(actorId).host : actorId;
    // Both are counted: a server's other accounts cannot hide a flood behind fresh ones.
    const server = this.perServer.take(host);
    const account = this.perAccount.take(actorId);
    return server && account;
  }
}

/** Reports (Flag) per remote server and hour: the same bound as readers' reports from one address. */
export function remoteReportLimiter(now: () => Date): SlidingWindowLimiter {
  const { max, windowMs } = WRITE_LIMITS.reportPerAddress;
  return new SlidingWindowLimiter(max, windowMs, now);
}

/** Webmentions one client address may send per minute (each costs a fetch of its source). */
export const WEBMENTIONS_PER_ADDRESS_PER_MINUTE = 30;

export function webmentionLimiter(now: () => Date): SlidingWindowLimiter {
  return new SlidingWindowLimiter(WEBMENTIONS_PER_ADDRESS_PER_MINUTE, 60_000, now);
}
