import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { authorRead, authorsList, authorUpdate } from "../../common/api";
import { AUTHORS, type AuthorKey } from "../../common/limits";
import { canEditAuthorProfile } from "../../common/policies";
import { AuthorProfileBodySchema } from "../../common/schemas/author-profile";
import { route } from "../api/route";
import type { AppContext } from "../context";
import { forbidden, notFound } from "../errors";
import { requireViewer } from "../plugins/auth";
import { storedImageWidth } from "../uploads/image-sizes";
import { parse } from "../validate";
import { saveAuthorProfile } from "./author-profiles.repository";
import { cachedAuthorProfile, cachedAuthorProfiles } from "./authors.reads";

const AuthorParams = z.object({ author: z.string() });
const authorNotFound = () => notFound("author", "Author not found");
const isAuthor = (value: string): value is AuthorKey => (AUTHORS as readonly string[]).includes(value);

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
  route(app, authorUpdate, { validateInHandler: true }, async (request) => {
    const viewer = await requireViewer(ctx, request);
    const { author } = parse(AuthorParams, request.params);
    if (!isAuthor(author)) throw authorNotFound();
    if (!canEditAuthorProfile(viewer, author)) throw forbidden("Only this author can change their profile.");
    const input = parse(AuthorProfileBodySchema, request.body);
    // The width comes from the stored photo, never from the client (the body schema refuses it).
    const photoWidth = input.photoUrl ? await storedImageWidth(ctx.storage, input.photoUrl) : null;
    const saved = await saveAuthorProfile(ctx.db, { author, ...input, photoWidth }, ctx.now());
    await ctx.events.emit("settingsChanged", {});
    return saved;
  });
}
