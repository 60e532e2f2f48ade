import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { health, ready } from "../../common/api";
import { ERROR_CODES } from "../../common/error-codes";
import { route } from "../api/route";
import type { AppContext } from "../context";

/** A check that has not answered by then counts as failing (a load balancer polls every few seconds). */
export const READY_TIMEOUT_MS = 2_000;

type Part = "database" | "storage";

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
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

  route(app, health, { config: { rateLimit: false } }, async (_request, reply) => {
    await ctx.db.execute(sql`select 1`);
    reply.header("cache-control", "no-store");
    return { ok: true, database: ctx.database.kind, pid: process.pid };
  });

  route(app, ready, { config: { rateLimit: false } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (closing)
      return reply.status(503).send({
        ok: false,
        pid: process.pid,
        error: { code: ERROR_CODES.shuttingDown, message: "This process is shutting down." },
      });
    const checks: Record<Part, () => Promise<unknown>> = {
      database: () => ctx.db.execute(sql`select 1`),
      storage: () => ctx.storage.check(),
    };
    const results = await Promise.all(
      (Object.keys(checks) as Part[]).map(async (part) => {
        const ok = await within(checks[part](), READY_TIMEOUT_MS).then(
          () => true,
          () => false,
        );
        return [part, ok] as const;
      }),
    );
    const failing = results.filter(([, ok]) => !ok).map(([part]) => part);
    const body = {
      ok: failing.length === 0,
      pid: process.pid,
      database: failing.includes("database") ? "failing" : "ok",
      storage: failing.includes("storage") ? "failing" : "ok",
    };
    if (failing.length === 0) return body;
    return reply.status(503).send({
      ...body,
      error: {
        code: ERROR_CODES.notReady,
        message: `Not ready: the ${failing.join(" and the ")} ${failing.length > 1 ? "do" : "does"} not answer.`,
      },
    });
  });
}
