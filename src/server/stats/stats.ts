import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerStatsRoutes } from "./stats.routes";
import { StatsCounter } from "./stats-counter";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's view counter (tests flush it; nothing else should need it). */
    statsCounter: StatsCounter;
  }
}

/**
 * Cookie-free statistics (docs/stats.md): the beacon, the studio's reads, and this process's
 * counter, flushed every minute and once more when the server closes (graceful shutdown).
 */
export async function registerStats(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const counter = new StatsCounter({
    db: ctx.db,
    host: new URL(ctx.config.publicUrl).host,
    now: ctx.now,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  app.decorate("statsCounter", counter);
  await registerStatsRoutes(app, ctx, counter);
  counter.start();
  // Before the database closes (main.ts closes the app first, then the database).
  app.addHook("onClose", () => counter.close());
}
