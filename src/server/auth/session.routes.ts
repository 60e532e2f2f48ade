import type { FastifyInstance } from "fastify";
import { session } from "../../common/api";
import type { Viewer } from "../../common/types";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { getViewer } from "../plugins/viewer";

/** GET /api/session: who is signed in, as the client needs it (isAdmin, authorKey), never the token. */
export async function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Anyone may ask: a visitor's answer is `{ viewer: null }`.
  route(app, session, {}, async (request, reply): Promise<{ viewer: Viewer | null }> => {
    reply.header("cache-control", "no-store");
    return { viewer: await getViewer(ctx, request) };
  });
}
