import { BlockList, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { rowsOf } from "../db/rows";
import { forbidden } from "../errors";

/**
 * Prometheus text at /metrics when METRICS=true: request counts and durations by route and status,
 * the content cache's hits and misses, the database pool, and the depth and failures of the
 * queues that deliver mail. Only loopback (and METRICS_ALLOW) may read it. With WEB_CONCURRENCY
 * each scrape is answered by one worker; its `pid` label tells them apart.
 */

/** Queues stored in the database and claimed once (FOR UPDATE SKIP LOCKED): table → label. */
const QUEUES = [
  ["contact_messages", "contact"],
  ["mail_queue", "mail"],
] as const;

/** The addresses allowed to scrape: loopback always, plus METRICS_ALLOW's addresses and ranges. */
export function metricsAllowList(allow: string[]): BlockList {
  const list = new BlockList();
  list.addSubnet("127.0.0.0", 8, "ipv4");
  list.addAddress("::1", "ipv6");
  for (const entry of allow) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allowed(list: BlockList, ip: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  if (v4) return list.check(v4, "ipv4");
  return list.check(ip, isIPv6(ip) ? "ipv6" : "ipv4");
}

export async function registerMetrics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.metrics) return;
  // Loaded only when metrics are on: with METRICS off the process carries none of it.
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  registry.setDefaultLabels({ pid: String(process.pid) });
  collectDefaultMetrics({ register: registry, prefix: "duet_" });
  const allowList = metricsAllowList(ctx.config.metricsAllow);
  const behindTrustedProxy = ctx.config.trustProxy !== false;

  const requests = new Counter({
    name: "duet_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const durations = new Histogram({
    name: "duet_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Counter({
    name: "duet_cache_hits_total",
    help: "Public reads answered from the in-process cache",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(ctx.cache.stats.hits);
    },
  });
  new Counter({
    name: "duet_cache_misses_total",
    help: "Public reads the in-process cache had to load",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(ctx.cache.stats.misses);
    },
  });
  new Gauge({
    name: "duet_cache_hit_ratio",
    help: "Hits over all cached reads since the process started",
    registers: [registry],
    collect() {
      const { hits, misses } = ctx.cache.stats;
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  new Gauge({
    name: "duet_cache_bytes",
    help: "Approximate bytes held by the in-process cache (bounded)",
    registers: [registry],
    collect() {
      this.set(ctx.cache.size.bytes);
    },
  });
  new Gauge({
    name: "duet_collab_open_documents",
    help: "Documents being written together in this process (their rooms in memory)",
    registers: [registry],
    collect() {
      this.set(ctx.collab.openRooms);
    },
  });
  new Gauge({
    name: "duet_db_pool_connections",
    help: "PostgreSQL pool connections by state (the embedded database has one, always busy-or-idle)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = ctx.database.pool;
      this.set({ state: "total" }, pool ? pool.totalCount : 1);
      this.set({ state: "idle" }, pool ? pool.idleCount : 0);
      this.set({ state: "waiting" }, pool ? pool.waitingCount : 0);
    },
  });
  const queueDepth = new Gauge({
    name: "duet_queue_messages",
    help: "Messages in the delivery queues by status (pending = waiting or being retried, failed = given up)",
    labelNames: ["queue", "status"],
    registers: [registry],
  });
  const queueRetrying = new Gauge({
    name: "duet_queue_retrying_messages",
    help: "Pending messages whose last delivery attempt failed (they wait for their retry)",
    labelNames: ["queue"],
    registers: [registry],
  });

  const readQueues = async () => {
    queueDepth.reset();
    queueRetrying.reset();
    for (const [table, queue] of QUEUES) {
      const result = await ctx.db
        .execute(
          sql`select status, count(*)::int as n, count(*) filter (where last_error is not null and status = 'pending')::int as retrying
              from ${sql.identifier(table)} group by status`,
        )
        // A queue another part of Duet has not created (yet) is simply not reported.
        .catch(() => null);
      if (!result) continue;
      const rows = rowsOf<{ status: string; n: number; retrying: number }>(result);
      for (const row of rows) queueDepth.set({ queue, status: row.status }, Number(row.n));
      queueRetrying.set(
        { queue },
        rows.reduce((sum, r) => sum + Number(r.retrying), 0),
      );
    }
  };

  // A callback hook, not async: it runs on every request.
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    if (route !== "/metrics") {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get("/metrics", async (request, reply) => {
    // Through a proxy Duet does not trust, every client looks like the proxy (often loopback).
    const proxied = request.headers["x-forwarded-for"] !== undefined && !behindTrustedProxy;
    if (proxied || !allowed(allowList, request.ip))
      throw forbidden("Metrics are not available from this address.");
    await readQueues();
    reply.header("cache-control", "no-store").header("content-type", registry.contentType);
    return registry.metrics();
  });
}
