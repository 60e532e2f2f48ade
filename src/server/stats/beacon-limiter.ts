/** Addresses one window may hold (about 8 MB); more in one minute start a new window early. */
const ADDRESSES_MAX = 100_000;

/**
 * Beacons per address in fixed one-minute windows: O(1) per beacon however many addresses send
 * them (a sliding window that prunes by scanning grew to ~1 ms a beacon with 60,000 addresses a
 * minute, measured with `npm run bench -- --cases=counting`). A window's edge may let an address
 * send twice the limit in a moment, which costs a beacon nothing.
 */
export class BeaconLimiter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Count one beacon of `address`; false when it is over the limit for this window. */
  take(address: string): boolean {
    const now = this.now().getTime();
    if (now - this.windowStart >= this.windowMs || this.counts.size >= ADDRESSES_MAX) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const n = (this.counts.get(address) ?? 0) + 1;
    if (n > this.max) return false;
    this.counts.set(address, n);
    return true;
  }
}
