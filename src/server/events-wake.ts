import type pg from "pg";
import { EVENTS_CHANNEL } from "./events";

/**
 * Wake on other processes' commits (PostgreSQL): LISTEN on a dedicated connection and call
 * `wake` for each notification, and after a reconnect (one may have been missed meanwhile).
 * Returns the function that stops listening.
 */
export async function listenForEvents(
  pool: pg.Pool,
  wake: () => void,
  log: (message: string, error?: unknown) => void,
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
        .then(wake)
        .catch(() => reconnectSoon());
    }, 1_000);
  };

  const listen = async (): Promise<void> => {
    const next = new Client(pool.options);
    next.on("error", (error) => {
      if (client === next) client = null;
      next.end().catch(() => {});
      log("domain events: the listening connection dropped", error);
      reconnectSoon();
    });
    next.on("notification", (msg) => {
      if (msg.channel === EVENTS_CHANNEL) wake();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
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
