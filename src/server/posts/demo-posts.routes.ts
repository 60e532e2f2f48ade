import type { FastifyInstance } from "fastify";
import { demoPostsCount, demoPostsRemove } from "../../common/api";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { countDemoPosts, removeDemoPosts } from "../db/demo-posts";

/** Either author sees how many demo posts are left and removes them all in one click. */
export async function registerDemoPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, demoPostsCount, {}, async () => ({ count: await countDemoPosts(ctx.db) }));

  // Nothing to send: any field in the query or the body is refused rather than ignored (the contract).
  route(app, demoPostsRemove, {}, async () => ({
    removed: await ctx.events.write("contentChanged", {}, (tx) => removeDemoPosts(tx)),
  }));
}
