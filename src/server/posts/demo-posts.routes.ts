import type { FastifyInstance } from "fastify";
import { demoPostsCount, demoPostsRemove } from "../../common/api";
import { strictBody } from "../../common/schemas/body";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { countDemoPosts, removeDemoPosts } from "../db/demo-posts";
import { requireAdmin } from "../plugins/auth";
import { parse } from "../validate";

// Nothing to send: any field in the query or the body is refused rather than ignored.
const Nothing = strictBody({});

/** Issue 21: either author sees how many demo posts are left and removes them all in one click. */
export async function registerDemoPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, demoPostsCount, { validateInHandler: true }, async (request) => {
    await requireAdmin(ctx, request);
    return { count: await countDemoPosts(ctx.db) };
  });

  route(
    app,
    demoPostsRemove,
    { config: { invalidatesContent: true }, validateInHandler: true },
    async (request) => {
      await requireAdmin(ctx, request);
      parse(Nothing, request.query ?? {});
      parse(Nothing, request.body ?? {});
      return { removed: await removeDemoPosts(ctx.db) };
    },
  );
}
