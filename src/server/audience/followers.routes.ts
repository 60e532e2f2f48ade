import type { FastifyInstance } from "fastify";
import { follow, followConfirm, following, followStats, followUnsubscribe } from "../../common/api";
import { FOLLOW_TEXT, type FollowResult } from "../../common/audience";
import { ERROR_CODES } from "../../common/error-codes";
import { FOLLOW_RATE_LIMIT } from "../../common/limits";
import { authorCaller, caller, route } from "../api/route";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { normaliseEmail } from "../env";
import { badRequest, notFound, tooManyRequests } from "../errors";
import { getViewer } from "../plugins/viewer";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { SlidingWindowLimiter } from "../write-limits";
import { confirmFollowEmail } from "./emails";
import {
  confirmFollow,
  countFollowers,
  followedBy,
  requestFollow,
  unsubscribe,
} from "./followers.repository";

export const FOLLOW_RATE_LIMIT_MESSAGE =
  "You have asked to follow several times in a short time. Please wait a few minutes and try again.";

export async function registerFollowRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limiter = new SlidingWindowLimiter(FOLLOW_RATE_LIMIT.max, FOLLOW_RATE_LIMIT.windowMs, ctx.now);

  /**
   * Follow him, her or both. A visitor gives an address and confirms it from the email (double
   * opt-in); a signed-in reader follows with their account's address, at once if it is verified.
   * The answer is the same whether or not the address already follows, or a confirmation is
   * already waiting or was held back by the recipient's limit (no address is revealed).
   */
  route(app, follow, {}, async (request, reply): Promise<FollowResult> => {
    const { body } = request;
    const viewer = await getViewer(ctx, request);
    const email = body.email ?? viewer?.email;
    if (!email) throw badRequest(FOLLOW_TEXT.emailRequired, ERROR_CODES.validation);
    if (!limiter.take(clientKey(request.ip))) throw tooManyRequests(FOLLOW_RATE_LIMIT_MESSAGE);
    const normalised = normaliseEmail(email);
    const ownAddress = !!viewer && normaliseEmail(viewer.email) === normalised;
    // The names in force, read before the follow's transaction (not inside it).
    const names = await cachedPublicSiteSettings(ctx);
    const queued = await requestFollow(
      ctx.db,
      {
        email: normalised,
        authors: body.authors,
        userId: ownAddress ? viewer.id : null,
        confirmed: ownAddress && viewer.emailVerified,
        now: ctx.now(),
      },
      (authors, tokens) => confirmFollowEmail(ctx.config, names, authors, tokens),
    );
    if (queued > 0) ctx.audienceMail.kick();
    reply.header("cache-control", "no-store");
    return { confirmationSent: !(ownAddress && viewer.emailVerified) };
  });

  /** Double opt-in: the emailed link's page posts its tokens here. */
  route(app, followConfirm, {}, async (request) => {
    const { tokens } = request.body;
    const authors = await confirmFollow(ctx.db, tokens, ctx.now());
    if (authors.length === 0) throw notFound("link", FOLLOW_TEXT.linkInvalid);
    return { following: authors };
  });

  /** What the signed-in reader's address follows (for the one-click follow button). */
  route(app, following, {}, async (request, reply) => {
    const viewer = caller(request);
    reply.header("cache-control", "no-store");
    return { following: await followedBy(ctx.db, normaliseEmail(viewer.email)) };
  });

  /** /admin: how many confirmed followers the signed-in author has. */
  route(app, followStats, {}, async (request, reply) => {
    const viewer = authorCaller(request);
    reply.header("cache-control", "no-store");
    return { followers: await countFollowers(ctx.db, viewer.authorKey) };
  });

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form from
  // their own servers (no Origin, no cookie); the link's token is the only credential. Our own
  // unsubscribe page posts here too.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string", bodyLimit: 10_000 },
      (_request, body, done) => done(null, body),
    );
    route(scope, followUnsubscribe, { config: { allowCrossSite: true } }, async (request, reply) => {
      const { token } = request.query;
      const row = await unsubscribe(ctx.db, token, ctx.now());
      if (!row) throw notFound("link", FOLLOW_TEXT.linkInvalid);
      reply.header("cache-control", "no-store");
      return { unsubscribed: row.author };
    });
  });
}
