import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { health, ready } from "../../common/api";
import { ERROR_CODES } from "../../common/error-codes";
import { route } from "../api/route";
import type { AppContext } from "../context";

/** A check that has not answered by then counts as failing (a load balancer polls every few seconds). */
export const READY_TIMEOUT_MS = 2_000;
/**
 * The database's share of a probe: busy with a long statement (the embedded one runs on its own
 * thread, db/pglite-thread.ts) it must not hold /api/health or /api/ready past a second.
 */
export const DATABASE_PROBE_MS = 500;

class ProbeTimeout extends Error {}

type Part = "database" | "storage";

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new ProbeTimeout("timeout")), ms).unref()),
  ]);

/**
 * GET /api/health: liveness (the process answers), with the worker's pid so a test or an operator
 * behind a load balancer sees which process answered. GET /api/ready: readiness, 200 only when the
 * database and the storage answer and the process is not shutting down, so a load balancer drains it.
 */
export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });

  route(app, health, {}, async (_request, reply) => {
    // A database that fails is an error; one that is busy is not: the process lives.
    await within(ctx.db.execute(sql`select 1`), DATABASE_PROBE_MS).catch((error: unknown) => {
      if (!(error instanceof ProbeTimeout)) throw error;
    });
    reply.header("cache-control", "no-store");
    return { ok: true, database: ctx.database.kind, pid: process.pid };
  });

  route(app, ready, {}, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (closing)
      return reply.status(503).send({
        ok: false,
        pid: process.pid,
        error: { code: ERROR_CODES.shuttingDown, message: "This process is shutting down." },
      });
    // The storage's client is loaded before its probe is timed: the first probe after a start
    // times the bucket, not the SDK's import.
    await ctx.storage.load?.();
    const checks: Record<Part, [() => Promise<unknown>, number]> = {
      database: [() => ctx.db.execute(sql`select 1`), DATABASE_PROBE_MS],
      storage: [() => ctx.storage.check(), READY_TIMEOUT_MS],
    };
    const results = await Promise.all(
      (Object.keys(checks) as Part[]).map(async (part) => {
        const [check, ms] = checks[part];
        const state = await within(check(), ms).then(
          () => "ok" as const,
          (error: unknown) => (part === "database" && error instanceof ProbeTimeout ? "busy" : "failing"),
        );
        return [part, state] as const;
      }),
    );
    const notOk = results.filter(([, state]) => state !== "ok");
    const body = {
      ok: notOk.length === 0,
      pid: process.pid,
      database: results.find(([part]) => part === "database")![1],
      storage: results.find(([part]) => part === "storage")![1],
    };
    if (notOk.length === 0) return body;
    const failing = notOk.filter(([, state]) => state === "failing").map(([part]) => part);
    const said = [
      ...(failing.length
        ? [`the ${failing.join(" and the ")} ${failing.length > 1 ? "do" : "does"} not answer`]
        : []),
      ...(body.database === "busy" ? ["the database is busy"] : []),
    ];
    return reply.status(503).send({
      ...body,
      error: { code: ERROR_CODES.notReady, message: `Not ready: ${said.join(" and ")}.` },
    });
  });
}
