import type { FastifyInstance } from "fastify";
import { type BlueskyStatus, blueskyConnect, blueskyDisconnect, blueskyStatus } from "../../../common/api";
import { ERROR_CODES } from "../../../common/error-codes";
import { AUTHORS } from "../../../common/limits";
import { paths } from "../../../common/routes";
import { authorCaller, route } from "../../api/route";
import type { AppContext } from "../../context";
import { type AppError, badRequest, conflict } from "../../errors";
import {
  type AccountRow,
  accountOf,
  ConnectRefused,
  connectAccount,
  disconnectAccount,
  publicationUri,
} from "./account";

export const BLUESKY_MESSAGES = {
  handle: "No Bluesky account answers to that handle. Check its spelling (like alice.bsky.social).",
  password:
    "Bluesky did not accept that app password for this account. Make a new one in Bluesky's Settings → Privacy and security → App passwords.",
  unreachable: "Your Bluesky server could not be reached just now. Please try again in a minute.",
  connected: "A Bluesky account is already connected. Disconnect it first.",
} as const;

const toStatus = (row: AccountRow | null): BlueskyStatus => ({
  account: row
    ? {
        handle: row.handle,
        did: row.did,
        pdsUrl: row.pdsUrl,
        connectedAt: row.connectedAt.toISOString(),
        publicationUri: row.publicationCid ? publicationUri(row) : null,
        lastError: row.lastError,
      }
    : null,
});

function refusal(error: ConnectRefused): AppError {
  if (error.reason === "connected") return conflict(BLUESKY_MESSAGES.connected);
  const code =
    error.reason === "handle"
      ? ERROR_CODES.blueskyHandleNotFound
      : error.reason === "password"
        ? ERROR_CODES.blueskyLoginFailed
        : ERROR_CODES.blueskyUnreachable;
  return badRequest(BLUESKY_MESSAGES[error.reason], code);
}

/** Each author's Bluesky connection (the Audience page) and the blogs' standard.site proof. */
export async function registerBlueskyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(app, blueskyStatus, {}, async (request) =>
    toStatus(await accountOf(ctx, authorCaller(request).authorKey)),
  );

  route(app, blueskyConnect, {}, async (request) => {
    const { authorKey } = authorCaller(request);
    try {
      const row = await connectAccount(ctx, authorKey, request.body);
      // The blog's publication record goes in now (the worker), before any post needs it.
      void ctx.fediverse.bluesky.kick();
      return toStatus(row);
    } catch (error) {
      if (error instanceof ConnectRefused) throw refusal(error);
      throw error;
    }
  });

  route(app, blueskyDisconnect, {}, async (request, reply) => {
    await disconnectAccount(ctx, authorCaller(request).authorKey);
    return reply.code(204).send();
  });

  // standard.site: a document's address is its publication's url (the blog) and its path, so
  // `/his-blog/post/{slug}` is the post too; it sends readers and verifiers on to `/post/{slug}`.
  for (const author of AUTHORS)
    app.get<{ Params: { slug: string } }>(`${paths.blog(author)}/post/:slug`, async (request, reply) =>
      reply.redirect(paths.post(request.params.slug), 301),
    );

  // standard.site verification: a publication that is not at the site's root answers at the
  // well-known path with its own path appended; each blog is its own publication.
  for (const author of AUTHORS)
    app.get(`/.well-known/site.standard.publication${paths.blog(author)}`, async (_request, reply) => {
      const row = await accountOf(ctx, author);
      if (!row?.publicationCid) return reply.code(404).type("text/plain; charset=utf-8").send("Not found\n");
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(publicationUri(row));
    });
}
