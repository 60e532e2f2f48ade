import type { AppContext } from "../context";
import { tooManyRequests } from "../errors";
import { SlidingWindowLimiter } from "../write-limits";

/**
 * Searches from one address that reach the database. A search no answer is cached for costs a
 * ranked full-text query (tens of milliseconds for a common word on a big blog), so invented
 * searches in a loop would take the machine from every reader; an answer from the cache costs
 * nothing and is never counted. Generous for people sharing an address (a phone network, an office).
 * In memory, per process, like the write limits.
 */
export const SEARCH_LIMIT = { max: 60, windowMs: 60_000 } as const;
export const SEARCH_LIMIT_MESSAGE = "You are searching very quickly. Please wait a minute and try again.";

/** The limiter of ctx.limits.search, built with the context. */
export function searchLimiter(now: () => Date): SlidingWindowLimiter {
  return new SlidingWindowLimiter(SEARCH_LIMIT.max, SEARCH_LIMIT.windowMs, now);
}

/** Count one database search for `address`; throws the 429 when it is over the limit. */
export function takeSearch(ctx: AppContext, address: string): void {
  if (!ctx.limits.search.take(address)) throw tooManyRequests(SEARCH_LIMIT_MESSAGE);
}
