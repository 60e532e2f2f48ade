import type { FastifyInstance } from "fastify";
import { ownPosts } from "../../common/api";
import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { pageRequest } from "../pagination";
import { sealedTakeIds } from "../takes/takes.reads";
import { sharedPostIds } from "./post-shares.reads";
import { listOwnPosts } from "./posts.repository";

export async function registerOwnPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * GET /api/me/posts: the studio's Posts page — the signed-in author's drafts, scheduled and
   * published posts (cards with their status), newest publish time first, optionally one status
   * (`?status=`) and words of the title (`?q=`), a take of a pair not yet revealed marked
   * `sealedTake` (its Publish would only earn a 409). Never cached.
   */
  route(app, ownPosts, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    const { query } = request;
    const page = pageRequest(query, PAGE_SIZE_DEFAULT);
    reply.header("cache-control", "private, no-store");
    const filter = { author: viewer.authorKey, status: query.status, q: query.q || undefined, ...page };
    const found = await listOwnPosts(ctx.db, filter, ctx.now());
    const ids = found.items.map((post) => post.id);
    const [sealed, shared] = await Promise.all([sealedTakeIds(ctx.db, ids), sharedPostIds(ctx.db, ids)]);
    return {
      ...found,
      items: found.items.map((post) => ({
        ...post,
        ...(sealed.has(post.id) ? { sealedTake: true as const } : {}),
        // Shared with the partner (decision 0050): the studio says so and offers "Stop sharing".
        ...(shared.has(post.id) ? { shared: true as const } : {}),
      })),
    };
  });
}
