import { randomBytes } from "node:crypto";
import { utcDay, visitorHash } from "./visitor";

/** Entries one window may hold (memory stays bounded under a flood of addresses); then a new window. */
const ENTRIES_MAX = 200_000;

/**
 * Which beacons count: one view of a page, and one finished read of a post, per visitor per
 * window, and at most `visitorsPerAddress` visitors per address. Cookie-free: a visitor is the
 * daily hash of address and user agent (visitor.ts), with a salt this process keeps in memory
 * only; the window is fixed (dropped whole, O(1) a beacon), like the beacon limiter's.
 */
export class ViewWindow {
  private readonly salt = randomBytes(32).toString("hex");
  private seen = new Set<string>();
  private visitorsOf = new Map<string, Set<string>>();
  private windowStart = 0;

  constructor(
    private readonly windowMs: number,
    private readonly visitorsPerAddress: number,
    private readonly host: string,
    private readonly now: () => Date,
  ) {}

  /** True the first time this visitor sends this beacon in the window; `address` is a clientKey(). */
  first(address: string, userAgent: string, kind: "view" | "read", target: string): boolean {
    const at = this.now();
    if (at.getTime() - this.windowStart >= this.windowMs || this.seen.size >= ENTRIES_MAX) {
      this.seen = new Set();
      this.visitorsOf = new Map();
      this.windowStart = at.getTime();
    }
    const visitor = visitorHash(this.salt, utcDay(at), `${address}\n${userAgent}`, this.host);
    const key = `${visitor}|${kind}|${target}`;
    if (this.seen.has(key)) return false;
    let visitors = this.visitorsOf.get(address);
    if (!visitors) {
      visitors = new Set();
      this.visitorsOf.set(address, visitors);
    }
    if (!visitors.has(visitor)) {
      if (visitors.size >= this.visitorsPerAddress) return false;
      visitors.add(visitor);
    }
    this.seen.add(key);
    return true;
  }
}
