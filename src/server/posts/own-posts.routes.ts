import type { FastifyInstance } from "fastify";
import { ownPosts } from "../../common/api";
import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { canPublish } from "../../common/policies";
import { OwnPostsQuerySchema } from "../../common/schemas/own-posts";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { forbidden } from "../errors";
import { pageRequest } from "../pagination";
import { requireAdmin } from "../plugins/auth";
import { parse } from "../validate";
import { listOwnPosts } from "./posts.repository";

export async function registerOwnPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * GET /api/me/posts: the studio's Posts page — the signed-in author's drafts, scheduled and
   * published posts (cards with their status), newest publish time first, optionally one status
   * (`?status=`) and words of the title (`?q=`). Never cached.
   */
  route(app, ownPosts, { validateInHandler: true }, async (request, reply) => {
    const viewer = await requireAdmin(ctx, request);
    if (!canPublish(viewer) || !viewer.authorKey) throw forbidden("Only the blog's authors can do that.");
    const query = parse(OwnPostsQuerySchema, request.query ?? {});
    const page = pageRequest(query, PAGE_SIZE_DEFAULT);
    reply.header("cache-control", "private, no-store");
    const filter = { author: viewer.authorKey, status: query.status, q: query.q || undefined, ...page };
    return listOwnPosts(ctx.db, filter, ctx.now());
  });
}
