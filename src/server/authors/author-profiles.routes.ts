import type { FastifyInstance } from "fastify";
import { authorRead, authorsList, authorUpdate } from "../../common/api";
import { canEditAuthorProfile } from "../../common/policies";
import { caller, route } from "../api/route";
import { storedImageWidth } from "../content/image-sizes";
import type { AppContext } from "../context";
import { forbidden } from "../errors";
import { saveAuthorProfile } from "./author-profiles.repository";
import { cachedAuthorProfile, cachedAuthorProfiles } from "./authors.reads";

export async function registerAuthorProfilesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** GET /api/authors: `[him, her]` as readers see them. */
  route(app, authorsList, {}, async (_request, reply) => {
    reply.header("cache-control", "public, no-cache");
    return cachedAuthorProfiles(ctx);
  });

  route(app, authorRead, {}, async (request, reply) => {
    const { author } = request.params;
    reply.header("cache-control", "public, no-cache");
    return cachedAuthorProfile(ctx, author);
  });

  /** PUT /api/authors/:author: the account tied to that author value sets its profile. */
  route(app, authorUpdate, {}, async (request) => {
    const viewer = caller(request);
    const { author } = request.params;
    if (!canEditAuthorProfile(viewer, author)) throw forbidden("Only this author can change their profile.");
    const input = request.body;
    // The width comes from the stored photo, never from the client (the body schema refuses it).
    const photoWidth = input.photoUrl ? await storedImageWidth(ctx.storage, input.photoUrl) : null;
    return ctx.events.write("settingsChanged", {}, (tx) =>
      saveAuthorProfile(tx, { author, ...input, photoWidth }, ctx.now()),
    );
  });
}
