import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerStatsRoutes } from "./stats.routes";

/**
 * Cookie-free statistics (docs/stats.md): the beacon, the studio's reads, and this process's
 * counter (ctx.stats), flushed every minute and once more when the server closes (graceful
 * shutdown). Views are no domain event: they are counted in memory (decision 0043).
 */
export async function registerStats(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerStatsRoutes(app, ctx);
  ctx.stats.start();
  // Before the database closes (main.ts closes the app first, then the database).
  app.addHook("onClose", () => ctx.stats.close());
}
