import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { statsBeacon, urlOf } from "../../common/api";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import type { TestApp } from "./test-app";

// Shared by the statistics tests: a browser's beacon, and a clean slate between tests.

export const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
export const TABLET =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1";
export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** What `navigator.sendBeacon(url, JSON.stringify(body))` sends: text/plain, same origin. */
export function sendBeacon(
  t: TestApp,
  body: unknown,
  opts: { ip?: string; ua?: string | null; headers?: Record<string, string> } = {},
) {
  const ua = opts.ua === undefined ? DESKTOP : opts.ua;
  const request: InjectOptions = {
    method: "POST",
    url: urlOf(statsBeacon),
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "sec-fetch-site": "same-origin",
      ...(ua ? { "user-agent": ua } : {}),
      ...opts.headers,
    },
    payload: typeof body === "string" ? body : JSON.stringify(body),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
  return t.request(request);
}

const STATS_TABLES = [
  "stats_salts",
  "stats_visitor_hashes",
  "stats_hourly",
  "stats_daily",
  "stats_posts_daily",
  "stats_sources_daily",
  "stats_devices_daily",
];

/** Rows in every statistics table (after a flush: what was stored). */
export async function statsRowCount(db: Db): Promise<number> {
  let n = 0;
  for (const table of STATS_TABLES) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    n += rowsOf<{ n: number }>(res)[0]!.n;
  }
  return n;
}

export async function clearStats(db: Db): Promise<void> {
  for (const table of STATS_TABLES) await db.execute(sql.raw(`delete from ${table}`));
}
