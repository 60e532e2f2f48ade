/**
 * In-process store for public reads, read only through getOrLoad. It drops what domain events
 * say changed (./subscriptions.ts): a like or a comment only the keys that show engagement,
 * anything else everything, which is simple and correct for a blog whose writes are rare. When
 * several processes share one PostgreSQL, each drop is also announced to them (./notify.ts).
 */
const MAX_ENTRIES = 5_000;
/** Also bounded by size, so many distinct (valid) cursors cannot pin unbounded memory. */
const MAX_BYTES = 64 * 1024 * 1024;

/** A rough size of a cached value: buffers and strings counted, structure walked once on insert. */
export function approxBytes(value: unknown, depth = 0): number {
  if (value === null || value === undefined) return 8;
  if (typeof value === "string") return value.length * 2;
  if (Buffer.isBuffer(value)) return value.length;
  if (typeof value !== "object") return 8;
  if (depth > 6) return 64;
  let total = 32;
  if (Array.isArray(value)) for (const v of value) total += approxBytes(v, depth + 1);
  else for (const [k, v] of Object.entries(value)) total += k.length * 2 + approxBytes(v, depth + 1);
  return total;
}

export class ContentCache {
  private entries = new Map<string, unknown>();
  private sizes = new Map<string, number>();
  private bytes = 0;
  private loading = new Map<string, Promise<unknown>>();
  private broadcaster: ((prefixes: readonly string[] | null) => void) | null = null;
  version = 0;
  /** Reads answered from memory and reads that had to load (for /metrics). */
  readonly stats = { hits: 0, misses: 0 };

  /** What is held for a key (tests and diagnostics; reads go through getOrLoad). */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  private set<T>(key: string, value: T): T {
    this.delete(key);
    const size = approxBytes(value);
    if (size > MAX_BYTES / 4) return value;
    // Bounded in count and bytes: past a limit the oldest entries go (Map keeps insertion order).
    while (this.entries.size >= MAX_ENTRIES || this.bytes + size > MAX_BYTES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, value);
    this.sizes.set(key, size);
    this.bytes += size;
    return value;
  }

  private delete(key: string): void {
    const size = this.sizes.get(key);
    if (size === undefined) return;
    this.bytes -= size;
    this.sizes.delete(key);
    this.entries.delete(key);
  }

  /** Approximate bytes held (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The value held for a key, counted as a hit; undefined otherwise (then call getOrLoad). Lets a
   * hot read answer from memory in the same tick, without an await per layer.
   */
  hit<T>(key: string): T | undefined {
    const value = this.entries.get(key) as T | undefined;
    if (value !== undefined) this.stats.hits++;
    return value;
  }

  /**
   * The cached value, or load it once however many requests ask at the same moment. `keep` says
   * whether a loaded value may stay (not a miss anyone can provoke, like an invented id).
   */
  async getOrLoad<T>(
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.stats.hits++;
      return hit as T;
    }
    this.stats.misses++;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const version = this.version;
    const promise = load().then(
      (value) => {
        // A write during the load makes the value stale: do not keep it.
        if (version === this.version) {
          if (keep(value)) this.set(key, value);
          this.loading.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Drop everything after a write here, and tell the other processes sharing the database. */
  invalidate(): void {
    this.invalidateLocal();
    this.broadcaster?.(null);
  }

  /** Drop only the keys that start with one of these prefixes, here and in the other processes. */
  invalidatePrefixes(prefixes: readonly string[]): void {
    this.invalidatePrefixesLocal(prefixes);
    this.broadcaster?.(prefixes);
  }

  /** Drop everything in this process only (a write announced by another process). */
  invalidateLocal(): void {
    this.version++;
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
    this.loading.clear();
  }

  /** Drop the keys with these prefixes in this process only; loads under way are not kept. */
  invalidatePrefixesLocal(prefixes: readonly string[]): void {
    this.version++;
    this.loading.clear();
    for (const key of [...this.entries.keys()])
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.delete(key);
  }

  /** How a change reaches the other processes: null for everything, or the prefixes dropped. */
  setBroadcaster(broadcast: ((prefixes: readonly string[] | null) => void) | null): void {
    this.broadcaster = broadcast;
  }
}
