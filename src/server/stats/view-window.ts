import { createHash, randomBytes } from "node:crypto";
import { FingerprintTable } from "./fingerprint-table";
import { utcDay } from "./visitor";

/**
 * Fingerprints one window may hold (up to three a new visitor: the page seen, the visitor, its
 * address); then a new window. With SLOTS, about 4.7 MB allotted once and never more, whatever
 * the traffic (docs/stats.md: bounds): a steady stream of new visitors does not grow the process.
 */
const ENTRIES_MAX = 240_000;
const SLOTS = 2 ** 19;

/** A 64-bit fingerprint of a text: the first two words of its SHA-256. */
function fingerprint(text: string): [number, number] {
  const digest = createHash("sha256").update(text).digest();
  return [digest.readInt32LE(0), digest.readInt32LE(4)];
}

/**
 * Which beacons count: one view of a page, and one finished read of a post, per visitor per
 * window, and at most `visitorsPerAddress` visitors per address. Cookie-free: a visitor is a hash
 * of address and user agent with the day and a salt this process keeps in memory only (like the
 * stored visitor hash, visitor.ts); the window is fixed (emptied whole, O(1) a beacon), like the
 * beacon limiter's. Only fingerprints are held, never an address or a user agent.
 */
export class ViewWindow {
  private readonly salt = randomBytes(32).toString("hex");
  private readonly table = new FingerprintTable(SLOTS);
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
    const { table } = this;
    if (at.getTime() - this.windowStart >= this.windowMs || table.size >= ENTRIES_MAX) {
      table.clear();
      this.windowStart = at.getTime();
    }
    // One salted hash each: the visitor, the page it saw, its address (prefixes keep them apart).
    const visitor = `${this.salt}|${utcDay(at)}|${address}\n${userAgent}|${this.host}`;
    const [seenHi, seenLo] = fingerprint(`seen|${kind}|${target}|${visitor}`);
    if (table.count(seenHi, seenLo) > 0) return false;
    const [visitorHi, visitorLo] = fingerprint(`visitor|${visitor}`);
    if (table.count(visitorHi, visitorLo) === 0) {
      const [addressHi, addressLo] = fingerprint(`address|${this.salt}|${address}`);
      if (table.count(addressHi, addressLo) >= this.visitorsPerAddress) return false;
      table.add(addressHi, addressLo);
      table.add(visitorHi, visitorLo);
    }
    table.add(seenHi, seenLo);
    return true;
  }
}
