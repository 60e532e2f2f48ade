import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";

export async function registerLikesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {
  // TODO: implemented by its issue.
}
