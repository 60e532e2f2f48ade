import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { listenOn } from "../db/listen";

// Cross-process invalidation over one PostgreSQL: bump site_state and NOTIFY what was dropped
// (everything, or a few key prefixes); LISTEN on a dedicated connection. A periodic look at
// content_version covers a lost notification.

export const CONTENT_CHANNEL = "duet_content";
const POLL_MS = 10_000;
const EVERYTHING = "*";

/** A notification's payload: `{instance}:{"*" or a JSON list of key prefixes}:{version}`. */
export function parseChange(
  payload: string,
): { from: string; prefixes: string[] | null; version: number } | null {
  const first = payload.indexOf(":");
  const last = payload.lastIndexOf(":");
  if (first < 0 || last <= first) return null;
  const scope = payload.slice(first + 1, last);
  const version = Number(payload.slice(last + 1));
  if (!Number.isSafeInteger(version)) return null;
  if (scope === EVERYTHING) return { from: payload.slice(0, first), prefixes: null, version };
  try {
    const prefixes: unknown = JSON.parse(scope);
    if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === "string" && p !== "")) return null;
    return { from: payload.slice(0, first), prefixes, version };
  } catch {
    return null;
  }
}

const BUMP_AND_NOTIFY = `
  with v as (
    insert into site_state (id, content_version) values (1, 1)
    on conflict (id) do update set content_version = site_state.content_version + 1
    returning content_version
  )
  select pg_notify('${CONTENT_CHANNEL}', $1 || ':' || (select content_version from v)::text)`;

/** Wire ctx.cache to the other processes sharing ctx.database when it is PostgreSQL. */
export async function connectContentCache(
  app: FastifyInstance,
  ctx: AppContext,
  onRemoteChange: () => void,
): Promise<void> {
  const pool = ctx.database.pool;
  if (ctx.database.kind !== "postgres" || !pool) return;
  const cache = ctx.cache;
  const instanceId = randomUUID();
  let lastSeen: number | null = null;
  // Another process changed something this one cannot narrow down: drop it all, and say so
  // (publishing re-reads its schedule: every process keeps its own timer).
  const dropEverything = (): void => {
    cache.invalidateLocal();
    onRemoteChange();
  };

  cache.setBroadcaster((prefixes) => {
    const scope = prefixes ? JSON.stringify(prefixes) : EVERYTHING;
    pool.query(BUMP_AND_NOTIFY, [`${instanceId}:${scope}`]).catch((error: unknown) => {
      app.log.warn({ err: error }, "could not announce a content change to other processes");
    });
  });

  const readVersion = async (): Promise<number> => {
    const res = await pool.query<{ v: string }>(
      "select content_version::text as v from site_state where id = 1",
    );
    return Number(res.rows[0]?.v ?? 0);
  };

  const heard = (payload: string): void => {
    const change = parseChange(payload);
    if (!change) {
      dropEverything();
      return;
    }
    // Versions seen (ours too) are not a lost notification for the poll below.
    lastSeen = Math.max(lastSeen ?? 0, change.version);
    if (change.from === instanceId) return;
    if (change.prefixes) cache.invalidatePrefixesLocal(change.prefixes);
    else dropEverything();
  };

  // A dropped connection may have missed anything: drop everything then.
  const stopListening = await listenOn(
    pool,
    CONTENT_CHANNEL,
    { heard, dropped: dropEverything },
    (message, error) => app.log.warn({ err: error }, message),
    "the content cache",
  );
  lastSeen = await readVersion().catch(() => null);
  const poll = setInterval(() => {
    readVersion()
      .then((v) => {
        // A change this process was not told about (a lost notification): drop everything.
        if (lastSeen !== null && v > lastSeen) dropEverything();
        lastSeen = Math.max(lastSeen ?? 0, v);
      })
      .catch(() => {});
  }, POLL_MS);
  poll.unref();

  app.addHook("onClose", async () => {
    clearInterval(poll);
    cache.setBroadcaster(null);
    await stopListening();
  });
}
