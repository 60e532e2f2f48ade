import { createHash, randomUUID } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import pg from "pg";
import type { AppContext } from "./context";

/**
 * In-process cache for public reads. Every write calls invalidate(); entries are dropped whole,
 * which is simple and correct for a blog whose writes are rare. When several processes share one
 * PostgreSQL, invalidate() is also announced to the others (see connectContentCache).
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
  private listeners: Array<() => void> = [];
  private broadcaster: (() => void) | null = null;
  version = 0;

  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  set<T>(key: string, value: T): T {
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

  /** The cached value, or load it once however many requests ask at the same moment. */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const version = this.version;
    const promise = load().then(
      (value) => {
        // A write during the load makes the value stale: do not keep it.
        if (version === this.version) {
          this.set(key, value);
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
    this.broadcaster?.();
  }

  /** Drop everything in this process only (a write announced by another process). */
  invalidateLocal(): void {
    this.version++;
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
    this.loading.clear();
    for (const l of this.listeners) l();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  setBroadcaster(broadcast: (() => void) | null): void {
    this.broadcaster = broadcast;
  }
}

// ---- Cached HTTP bodies: serialised once, hashed once, compressed at most once per encoding.

export interface CachedBody {
  body: Buffer;
  etag: string;
  type: string;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESS_MIN_BYTES = 1024;

export function toCachedBody(payload: string | Buffer, type: string): CachedBody {
  const body = typeof payload === "string" ? Buffer.from(payload) : payload;
  return { body, type, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}

/** If-None-Match: a list of tags (weak or strong) or '*'. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  return value.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function compressedFor(entry: CachedBody, accept: string): ["br" | "gzip", Buffer] | null {
  if (entry.body.length < COMPRESS_MIN_BYTES || !/^(text\/|application\/(json|xml|rss))/.test(entry.type)) {
    return null;
  }
  if (/\bbr\b/.test(accept)) {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    });
    return ["br", entry.br];
  }
  if (/\bgzip\b/.test(accept)) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return ["gzip", entry.gzip];
  }
  return null;
}

/**
 * Send a cached body with its ETag (304 when the client has it) and the precompressed variant the
 * client accepts. Setting content-encoding here makes @fastify/compress leave the body alone.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  cacheControl: string,
  status = 200,
): FastifyReply {
  reply.header("cache-control", cacheControl);
  reply.header("etag", entry.etag);
  reply.header("vary", "accept-encoding");
  if (status === 200 && etagMatches(request.headers["if-none-match"], entry.etag)) {
    return reply.status(304).send();
  }
  reply.status(status).header("content-type", entry.type);
  if (request.method === "HEAD") return reply.send(entry.body);
  const compressed = compressedFor(entry, String(request.headers["accept-encoding"] ?? ""));
  if (compressed) {
    reply.header("content-encoding", compressed[0]);
    return reply.send(compressed[1]);
  }
  return reply.send(entry.body);
}

// ---- Cross-process invalidation over one PostgreSQL: bump site_state and NOTIFY; LISTEN on a
// dedicated connection. A periodic look at content_version covers a lost notification.

export const CONTENT_CHANNEL = "duet_content";
const POLL_MS = 10_000;

const BUMP_AND_NOTIFY = `
  with v as (
    insert into site_state (id, content_version) values (1, 1)
    on conflict (id) do update set content_version = site_state.content_version + 1
    returning content_version
  )
  select pg_notify('${CONTENT_CHANNEL}', $1 || ':' || (select content_version from v)::text)`;

/** Wire ctx.cache to the other processes sharing ctx.database when it is PostgreSQL. */
export async function connectContentCache(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pool = ctx.database.pool;
  if (ctx.database.kind !== "postgres" || !pool) return;
  const cache = ctx.cache;
  const instanceId = randomUUID();
  let closed = false;
  let listener: pg.Client | null = null;
  let lastSeen: number | null = null;
  let retry: NodeJS.Timeout | null = null;

  cache.setBroadcaster(() => {
    pool.query(BUMP_AND_NOTIFY, [instanceId]).catch((error: unknown) => {
      app.log.warn({ err: error }, "could not announce a content change to other processes");
    });
  });

  const readVersion = async (): Promise<number> => {
    const res = await pool.query<{ v: string }>(
      "select content_version::text as v from site_state where id = 1",
    );
    return Number(res.rows[0]?.v ?? 0);
  };

  // Reconnect until it works: a database still down at the first retry must not end listening for good.
  const reconnectSoon = (): void => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen().catch(() => reconnectSoon());
    }, 1_000);
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client(pool.options);
    client.on("error", () => {
      // The connection dropped: anything may have changed meanwhile.
      if (listener === client) listener = null;
      client.end().catch(() => {});
      cache.invalidateLocal();
      reconnectSoon();
    });
    client.on("notification", (msg) => {
      if (msg.channel === CONTENT_CHANNEL && !msg.payload?.startsWith(`${instanceId}:`))
        cache.invalidateLocal();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
  };

  await listen();
  lastSeen = await readVersion().catch(() => null);
  const poll = setInterval(() => {
    readVersion()
      .then((v) => {
        if (lastSeen !== null && v !== lastSeen) cache.invalidateLocal();
        lastSeen = v;
      })
      .catch(() => {});
  }, POLL_MS);
  poll.unref();

  app.addHook("onClose", async () => {
    closed = true;
    clearInterval(poll);
    if (retry) clearTimeout(retry);
    cache.setBroadcaster(null);
    await listener?.end().catch(() => {});
  });
}
