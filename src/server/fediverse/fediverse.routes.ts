import { asc, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  blockedServerAdd,
  blockedServerRemove,
  blockedServers,
  fediverseAccount,
  fediverseFollowersList,
  fediverseHandle,
} from "../../common/api";
import { type AuthorKey, BLOCKED_SERVERS_MAX } from "../../common/limits";
import { authorCaller, route } from "../api/route";
import type { AppContext } from "../context";
import { fediverseBlockedServers, fediverseFollowers, fediverseFollowRequests } from "../db/schema";
import { conflict } from "../errors";
import { actorSettings } from "./actor-settings";
import { actorPath, followerCount } from "./actors";
import { registerIdentityRoutes } from "./identity.routes";
import { COLLECTION_PAGE_SIZE, remotePeoplePage } from "./people-pages";
import type { LoadSocialWeb } from "./social-web-type";

/**
 * The studio's view of the social web (the Audience page shows it): the signed-in author's own
 * actor, handle and followers; blocked servers are the blog's (either author manages them).
 */
export async function registerFediverseRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  load: LoadSocialWeb,
): Promise<void> {
  const host = new URL(ctx.config.publicUrl).host;
  // The contract's `who: "authors"` let the caller in; this is which of the two it is.
  const author = (request: FastifyRequest): AuthorKey => authorCaller(request).authorKey;
  const summary = async (key: AuthorKey) => {
    // The actor's keys are made on first use with Fedify's key functions.
    const { lib } = await load();
    const actor = await lib.ensureActor(ctx.db, key);
    const followers = await followerCount(ctx.db, key);
    const settings = await actorSettings(ctx.db, key);
    const [pending] = await ctx.db
      .select({ n: count() })
      .from(fediverseFollowRequests)
      .where(eq(fediverseFollowRequests.author, key));
    return {
      author: key,
      handle: actor.handle,
      address: `@${actor.handle}@${host}`,
      actorUrl: `${ctx.config.publicUrl}${actorPath(key)}`,
      followers,
      // Always: after the first follower the old handle stays as an alias (docs/fediverse.md).
      canChangeHandle: true,
      oldAddresses: settings.oldHandles.map((h) => `@${h}@${host}`),
      approveFollowers: settings.approveFollowers,
      pendingFollowers: pending?.n ?? 0,
    };
  };

  route(app, fediverseAccount, {}, async (request) => summary(author(request)));

  route(app, fediverseHandle, {}, async (request) => {
    const key = author(request);
    const { handle } = request.body;
    const { federation, lib } = await load();
    const result = await lib.changeHandle(ctx.db, key, handle);
    if (result === "taken") throw conflict("The other author already uses that handle.");
    // Followers' servers show the new handle; the old one keeps answering WebFinger.
    if (result === "ok")
      await lib
        .sendProfileUpdate(ctx, federation, key)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, "social web: could not queue the profile update"),
        );
    return summary(key);
  });

  route(app, fediverseFollowersList, {}, async (request) => {
    const key = author(request);
    const { cursor } = request.query;
    const offset = cursor ? Number(cursor) : 0;
    const rows = await ctx.db
      .select()
      .from(fediverseFollowers)
      .where(eq(fediverseFollowers.author, key))
      .orderBy(desc(fediverseFollowers.createdAt), desc(fediverseFollowers.actorId))
      .limit(COLLECTION_PAGE_SIZE)
      .offset(offset);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(fediverseFollowers)
      .where(eq(fediverseFollowers.author, key));
    return remotePeoplePage(ctx.db, rows, offset, total?.n ?? 0);
  });

  route(app, blockedServers, {}, async () => {
    const rows = await ctx.db
      .select()
      .from(fediverseBlockedServers)
      .orderBy(asc(fediverseBlockedServers.host));
    return { items: rows.map((r) => ({ host: r.host, since: r.createdAt.toISOString() })) };
  });

  route(app, blockedServerAdd, {}, async (request, reply) => {
    const { host: blocked } = request.body;
    const [n] = await ctx.db.select({ n: count() }).from(fediverseBlockedServers);
    if ((n?.n ?? 0) >= BLOCKED_SERVERS_MAX) throw conflict("The list of blocked servers is full.");
    await ctx.db.insert(fediverseBlockedServers).values({ host: blocked }).onConflictDoNothing();
    return reply.status(201).send({ host: blocked });
  });

  route(app, blockedServerRemove, {}, async (request, reply) => {
    const { host: blocked } = request.params;
    await ctx.db.delete(fediverseBlockedServers).where(eq(fediverseBlockedServers.host, blocked));
    return reply.status(204).send();
  });

  await registerIdentityRoutes(app, ctx, load, author, summary);
}
