import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { and, eq, gt, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fediverseKv } from "../db/schema";

const encode = (key: KvKey): string => JSON.stringify(key);
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ttlMs = (options?: KvStoreSetOptions): number | null =>
  options?.ttl ? options.ttl.total({ unit: "millisecond" }) : null;

/**
 * Fedify's key-value store in our database (0029): inbox idempotence and cached remote keys are
 * shared by every process and survive restarts. Expired rows read as absent and are swept on write.
 */
export class DbKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  private live() {
    return or(isNull(fediverseKv.expiresAt), gt(fediverseKv.expiresAt, sql`now()`));
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.db
      .select({ value: fediverseKv.value })
      .from(fediverseKv)
      .where(and(eq(fediverseKv.key, encode(key)), this.live()));
    return row ? (row.value as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ms = ttlMs(options);
    const expiresAt = ms === null ? null : new Date(Date.now() + ms);
    // Fedify caches an unreachable key as `null`: stored as JSON null, never as SQL NULL (the
    // column is NOT NULL), so `get` answers null ("known missing") and not undefined.
    const stored = value === null || value === undefined ? sql`'null'::jsonb` : (value as object);
    await this.db
      .insert(fediverseKv)
      .values({ key: encode(key), value: stored, expiresAt })
      .onConflictDoUpdate({ target: fediverseKv.key, set: { value: stored, expiresAt } });
    if (Math.random() < 0.01) await this.db.delete(fediverseKv).where(lte(fediverseKv.expiresAt, sql`now()`));
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(fediverseKv).where(eq(fediverseKv.key, encode(key)));
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const where = prefix
      ? or(
          eq(fediverseKv.key, encode(prefix)),
          like(fediverseKv.key, `${escapeLike(encode(prefix).slice(0, -1))},%`),
        )
      : undefined;
    const rows = await this.db.select().from(fediverseKv).where(and(where, this.live()));
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
  }
}
