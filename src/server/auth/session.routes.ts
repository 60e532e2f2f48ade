import type { FastifyInstance } from "fastify";
import type { Viewer } from "../../common/types";
import type { AppContext } from "../context";
import { getViewer } from "../plugins/auth";

/** GET /api/session: who is signed in, as the client needs it (isAdmin, authorKey), never the token. */
export async function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/session", async (request, reply): Promise<{ viewer: Viewer | null }> => {
    reply.header("cache-control", "no-store");
    return { viewer: await getViewer(ctx, request) };
  });
}
