import { count, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  fediverseSettings,
  followRequestAccept,
  followRequestReject,
  followRequests,
} from "../../common/api";
import type { AuthorKey } from "../../common/limits";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { fediverseFollowRequests } from "../db/schema";
import { notFound } from "../errors";
import { saveActorSettings } from "./actor-settings";
import { COLLECTION_PAGE_SIZE, remotePeoplePage } from "./people-pages";
import type { LoadSocialWeb } from "./social-web-type";

/**
 * Follower approval (docs/fediverse.md): the author's setting and the Follows held for them.
 * Each author sees and settles only their own requests (the other's are not found: 404).
 */
export async function registerIdentityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  load: LoadSocialWeb,
  author: (request: FastifyRequest) => AuthorKey,
  summary: (author: AuthorKey) => Promise<unknown>,
): Promise<void> {
  route(app, fediverseSettings, {}, async (request) => {
    const key = author(request);
    const { approveFollowers } = request.body;
    await saveActorSettings(ctx.db, key, { approveFollowers });
    // Followers' servers learn the actor now approves (manuallyApprovesFollowers).
    const { federation, lib } = await load();
    await lib
      .sendProfileUpdate(ctx, federation, key)
      .catch((error: unknown) =>
        request.log.warn({ err: error }, "social web: could not queue the profile update"),
      );
    return summary(key);
  });

  route(app, followRequests, {}, async (request) => {
    const key = author(request);
    const { cursor } = request.query;
    const offset = cursor ? Number(cursor) : 0;
    const mine = eq(fediverseFollowRequests.author, key);
    const rows = await ctx.db
      .select()
      .from(fediverseFollowRequests)
      .where(mine)
      .orderBy(desc(fediverseFollowRequests.createdAt), desc(fediverseFollowRequests.actorId))
      .limit(COLLECTION_PAGE_SIZE)
      .offset(offset);
    const [total] = await ctx.db.select({ n: count() }).from(fediverseFollowRequests).where(mine);
    return remotePeoplePage(ctx.db, rows, offset, total?.n ?? 0);
  });

  for (const [action, endpoint] of [
    ["accept", followRequestAccept],
    ["reject", followRequestReject],
  ] as const) {
    route(app, endpoint, {}, async (request) => {
      const key = author(request);
      const { actorId } = request.body;
      const { federation, lib } = await load();
      const fctx = federation.createContext(new URL(ctx.config.publicUrl), ctx);
      if (!(await lib.settleFollowRequest(fctx, key, actorId, action === "accept")))
        throw notFound("follow request");
      return { actorId, status: action === "accept" ? "accepted" : "rejected" };
    });
  }
}
