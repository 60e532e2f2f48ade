import type { FastifyInstance } from "fastify";
import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { canPublish } from "../../common/policies";
import { PageQuerySchema } from "../../common/schemas/page-query";
import type { AppContext } from "../context";
import { forbidden } from "../errors";
import { pageRequest } from "../pagination";
import { requireAdmin } from "../plugins/auth";
import { parse } from "../validate";
import { listOwnPosts } from "./posts.repository";

export async function registerOwnPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * GET /api/me/posts: 'Your posts' in /admin — the signed-in author's drafts, scheduled and
   * published posts (cards with their status), newest publish time first. Never cached.
   */
  app.get("/api/me/posts", async (request, reply) => {
    const viewer = await requireAdmin(ctx, request);
    if (!canPublish(viewer) || !viewer.authorKey) throw forbidden("Only the blog's authors can do that.");
    const page = pageRequest(parse(PageQuerySchema, request.query ?? {}), PAGE_SIZE_DEFAULT);
    reply.header("cache-control", "private, no-store");
    return listOwnPosts(ctx.db, { author: viewer.authorKey, ...page }, ctx.now());
  });
}
