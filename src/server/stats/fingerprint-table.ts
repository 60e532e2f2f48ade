/**
 * A fixed-size hash table of 64-bit fingerprints (two 32-bit halves), each with a small count:
 * its memory is allotted once (9 bytes a slot) and reused, so holding a window's visitors neither
 * grows the heap nor leaves garbage for the collector, however many beacons arrive. Open
 * addressing with linear probing; `clear()` empties it in place.
 */
export class FingerprintTable {
  private readonly hi: Int32Array;
  private readonly lo: Int32Array;
  private readonly counts: Uint8Array;
  private readonly mask: number;
  /** Fingerprints held. */
  size = 0;

  /** `slots` is rounded up to a power of two; keep `size` under half of it (the caller's bound). */
  constructor(slots: number) {
    const n = 2 ** Math.ceil(Math.log2(Math.max(2, slots)));
    this.hi = new Int32Array(n);
    this.lo = new Int32Array(n);
    this.counts = new Uint8Array(n);
    this.mask = n - 1;
  }

  /** The slot holding (hi, lo), or the empty slot where it would go. (0, 0) marks an empty slot. */
  private slot(hi: number, lo: number): number {
    let i = (lo ^ (hi >>> 7)) & this.mask;
    while (this.hi[i] !== 0 || this.lo[i] !== 0) {
      if (this.hi[i] === hi && this.lo[i] === lo) return i;
      i = (i + 1) & this.mask;
    }
    return i;
  }

  /** The count stored with a fingerprint; 0 when it is absent. */
  count(hi: number, lo: number): number {
    return this.counts[this.slot(hi, lo | 0 || 1)]!;
  }

  /** Adds the fingerprint (count 1) or raises its count (to 255 at most); returns the new count. */
  add(hi: number, lo: number): number {
    const low = lo | 0 || 1;
    const i = this.slot(hi, low);
    if (this.counts[i] === 0) {
      this.hi[i] = hi;
      this.lo[i] = low;
      this.size++;
    }
    const n = Math.min(255, this.counts[i]! + 1);
    this.counts[i] = n;
    return n;
  }

  clear(): void {
    if (this.size === 0) return;
    this.hi.fill(0);
    this.lo.fill(0);
    this.counts.fill(0);
    this.size = 0;
  }
}
