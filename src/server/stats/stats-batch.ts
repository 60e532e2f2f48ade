import type { DeviceClass } from "../../common/stats";
import { utcDay, utcHour } from "./visitor";

/** A counted page: a page name of the page table, or `post:<id>` (its author is looked up at flush). */
export type StatsTarget = string;

export interface CountedView {
  at: Date;
  target: StatsTarget;
  /** Referrer host or utm_source, when the reader came from elsewhere. */
  source: string | null;
  device: DeviceClass;
  /** Address and user agent: held in memory until the flush hashes them, never written. */
  visitor: string;
}

/** Distinct sources one process keeps per flush; more (a referrer-spam flood) count as "other". */
export const SOURCES_PER_BATCH_MAX = 1_000;
export const OTHER_SOURCE = "other";

const add = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * The views one process counted since its last flush, summed by key: many beacons become one row
 * each per hour/day, target and dimension (stats-worker.ts writes them in one transaction).
 */
export class StatsBatch {
  /** `${hour}|${target}` → views */
  readonly views = new Map<string, number>();
  /** `${hour}|${target}` → views whose reader reached the end of the post */
  readonly reads = new Map<string, number>();
  /** `${day}|${target}|${source}` → views */
  readonly sources = new Map<string, number>();
  /** `${day}|${target}|${device}` → views */
  readonly devices = new Map<string, number>();
  /** `${hour}|${target}` → the distinct visitors (address + user agent) of that hour */
  readonly visitors = new Map<string, Set<string>>();
  private readonly sourceNames = new Set<string>();
  /** Entries held: a full batch is flushed early (memory stays bounded under a flood). */
  size = 0;

  view(v: CountedView): void {
    const hourKey = `${utcHour(v.at)}|${v.target}`;
    const day = utcDay(v.at);
    add(this.views, hourKey);
    add(this.devices, `${day}|${v.target}|${v.device}`);
    if (v.source) add(this.sources, `${day}|${v.target}|${this.sourceName(v.source)}`);
    let seen = this.visitors.get(hourKey);
    if (!seen) {
      seen = new Set();
      this.visitors.set(hourKey, seen);
    }
    if (!seen.has(v.visitor)) {
      seen.add(v.visitor);
      this.size++;
    }
    this.size++;
  }

  read(at: Date, target: StatsTarget): void {
    add(this.reads, `${utcHour(at)}|${target}`);
    this.size++;
  }

  get empty(): boolean {
    return this.views.size === 0 && this.reads.size === 0;
  }

  /** Put a batch that could not be written back, so a failed flush loses nothing. */
  absorb(other: StatsBatch): void {
    for (const [k, n] of other.views) add(this.views, k, n);
    for (const [k, n] of other.reads) add(this.reads, k, n);
    for (const [k, n] of other.sources) add(this.sources, k, n);
    for (const [k, n] of other.devices) add(this.devices, k, n);
    for (const [k, set] of other.visitors) {
      const seen = this.visitors.get(k);
      if (seen) for (const v of set) seen.add(v);
      else this.visitors.set(k, new Set(set));
    }
    this.size += other.size;
  }

  private sourceName(source: string): string {
    if (this.sourceNames.has(source)) return source;
    if (this.sourceNames.size >= SOURCES_PER_BATCH_MAX) return OTHER_SOURCE;
    this.sourceNames.add(source);
    return source;
  }
}
