import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { getViewer } from "./viewer";

/** The bridge and Better Auth behind it, loaded by the first request to /api/auth/*. */
let bridge: Promise<typeof import("./auth-bridge")> | null = null;
const loadBridge = () => {
  bridge ??= import("./auth-bridge").catch((error: unknown) => {
    bridge = null;
    throw error;
  });
  return bridge;
};

/**
 * Who is asking, for every route, and Better Auth under /api/auth/* (auth-bridge.ts). A start
 * loads neither the bridge nor Better Auth: an anonymous reader's request never needs them.
 */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest("viewerPromise", null);
  app.decorateRequest("caller", null);
  app.decorate("viewerOf", (request: FastifyRequest) => getViewer(ctx, request));
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { rateLimit: false },
    handler: async (request, reply) => (await loadBridge()).answerAuthRequest(ctx, request, reply),
  });
}
