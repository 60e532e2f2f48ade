import type pg from "pg";

export interface Listener {
  /** Each notification's payload on the channel ("" when it had none). */
  heard(payload: string): void;
  /** The listening connection dropped: anything may be missed until it is back. */
  dropped?(): void;
  /** Listening again after a drop: read what may have been missed meanwhile. */
  reconnected?(): void;
}

/**
 * LISTEN on a dedicated connection (PostgreSQL only) and hand each notification to `on`;
 * after a drop, reconnect every second until it works. Returns the function that stops.
 * Every cross-process channel (the outbox's wake, the cache's drops, writing together)
 * listens through this one loop.
 */
export async function listenOn(
  pool: pg.Pool,
  channel: string,
  on: Listener,
  log: (message: string, error?: unknown) => void,
  what: string,
): Promise<() => Promise<void>> {
  // The driver is the pool's (PostgreSQL mode only): the embedded database never loads it.
  const { Client } = (await import("pg")).default;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const reconnectSoon = (): void => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen()
        .then(() => on.reconnected?.())
        .catch(() => reconnectSoon());
    }, 1_000);
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    const next = new Client(pool.options);
    next.on("error", (error) => {
      if (client === next) client = null;
      next.end().catch(() => {});
      log(`${what}: the listening connection dropped`, error);
      on.dropped?.();
      reconnectSoon();
    });
    next.on("notification", (msg) => {
      if (msg.channel === channel) on.heard(msg.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) await next.end().catch(() => {});
    else client = next;
  };

  await listen();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
