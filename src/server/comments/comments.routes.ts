import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

export async function registerCommentsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // TODO: implemented by its issue.
}
