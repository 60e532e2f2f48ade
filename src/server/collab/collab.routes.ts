import websocket from "@fastify/websocket";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collabSocket } from "../../common/api";
import { COLLAB_CLOSE, COLLAB_LIMITS, type CollabKind, collabDocKey } from "../../common/collab";
import { ERROR_CODES } from "../../common/error-codes";
import type { Viewer } from "../../common/types";
import { route } from "../api/route";
import { writerRole } from "../content/post-access";
import type { AppContext } from "../context";
import { sitePages } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import { getViewer } from "../plugins/viewer";

// GET /api/collab/:kind/:id, the co-editing WebSocket (docs/writing-together.md). Everything
// is checked before the upgrade, each refusal a plain HTTP answer: who (an author: 401/403, the
// endpoint table's gate), the path (404), our Origin (403), the post or page itself (404).

const missing = () => notFound("document", "Nothing to write here");

/**
 * Whether this author may open the document: a page (both authors'), a post of their own, or the
 * other author's post while it is shared with them (decision 0050: never public, never a sealed
 * take). Any other post of the other author is theirs alone (SPEC §6): its live document holds
 * every word of it.
 */
async function mayOpen(
  ctx: AppContext,
  kind: CollabKind,
  id: string,
  viewer: Viewer | null,
): Promise<boolean> {
  if (kind === "pages") {
    const rows = await ctx.db
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(eq(sitePages.id, id))
      .limit(1);
    return rows.length > 0;
  }
  return (await writerRole(ctx.db, id, viewer, ctx.now())) !== null;
}

export async function registerCollabRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const origins = new Set(ctx.config.trustedOrigins);
  // Its own scope: the WebSocket plugin's hooks wrap this route only.
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: {
        // Past this, ws itself closes with 1009; up to it the room answers 4413 (common/collab.ts).
        maxPayload: 4 * COLLAB_LIMITS.maxMessageBytes,
        perMessageDeflate: false,
      },
      // The rooms close first, with 1012 (a restart: y-websocket reconnects, to another process).
      preClose: async function (this: FastifyInstance) {
        await ctx.collab.close();
        for (const client of this.websocketServer.clients) client.terminate();
      },
      // A socket's own error (a client gone mid-frame) ends that socket, nothing else.
      errorHandler: (_error, socket) => socket.terminate(),
    });
    route(
      scope,
      collabSocket,
      {
        // After who and the path: a browser always sends Origin with a WebSocket; it must be ours.
        preHandler: async (request: FastifyRequest) => {
          const origin = request.headers.origin;
          if (!origin || !origins.has(origin))
            throw forbidden("Open the editor from the blog itself.", ERROR_CODES.crossSite);
          const { kind, id } = request.params as { kind: CollabKind; id: string };
          if (!(await mayOpen(ctx, kind, id, await getViewer(ctx, request)))) throw missing();
        },
        wsHandler: (socket, request) => {
          const { kind, id } = request.params as { kind: CollabKind; id: string };
          // Looked at again while the socket is open: a sign-out or a revoked session ends it
          // (4401), and so does a post no longer shared with this author (4403).
          const stillAllowed = async () => {
            request.viewerPromise = null;
            const viewer = await getViewer(ctx, request);
            if (viewer?.isAdmin !== true) return COLLAB_CLOSE.signedOut;
            return (await mayOpen(ctx, kind, id, viewer)) ? null : COLLAB_CLOSE.unshared;
          };
          void ctx.collab.join(collabDocKey(kind, id), socket, stillAllowed);
        },
      },
      async () => {
        throw new AppError(
          426,
          ERROR_CODES.badRequest,
          "This address takes a WebSocket (Upgrade: websocket).",
        );
      },
    );
  });
}
