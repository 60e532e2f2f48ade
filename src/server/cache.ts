/**
 * In-process cache for public reads. Every write calls invalidate(); entries are dropped whole,
 * which is simple and correct for a blog whose writes are rare.
 */
export class ContentCache {
  private entries = new Map<string, unknown>();
  private listeners: Array<() => void> = [];
  version = 0;

  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  set<T>(key: string, value: T): T {
    if (this.entries.size > 5_000) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit as T;
    const version = this.version;
    const value = await load();
    // A write during the load makes the value stale: do not keep it.
    if (version === this.version) this.set(key, value);
    return value;
  }

  /** Drop everything (called after every write, locally or announced by another process). */
  invalidate(): void {
    this.version++;
    this.entries.clear();
    for (const l of this.listeners) l();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }
}
