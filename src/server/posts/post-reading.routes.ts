import type { FastifyInstance } from "fastify";
import { postReading } from "../../common/api";
import { route } from "../api/route";
import { SELF_COMPRESSED } from "../cache/http-body";
import type { AppContext } from "../context";
import { getViewer } from "../plugins/viewer";
import { readPostReading } from "./posts.reads";
import { sendPostRead } from "./posts.routes";

export async function registerPostReadingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** GET /api/posts/:id/reading: reading time, author and previous/next post (PostReading). */
  route(app, postReading, SELF_COMPRESSED, async (request, reply) => {
    return sendPostRead(
      request,
      reply,
      await readPostReading(ctx, request.params.id, await getViewer(ctx, request)),
    );
  });
}
