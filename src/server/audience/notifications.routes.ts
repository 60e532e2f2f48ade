import type { FastifyInstance } from "fastify";
import {
  notifications,
  notificationsStop,
  notificationsUpdate,
  notificationsVerify,
  notificationsVerifyRequest,
} from "../../common/api";
import { FOLLOW_TEXT, type NotificationSettingsResult } from "../../common/audience";
import { caller, route } from "../api/route";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { confirmMailbox, isProvenMailbox, requestMailboxVerification } from "./mailbox-verification";
import { setNotifications, settingsFor, stopByToken } from "./notifications";

/** Reply and comment emails: the reader's settings (/profile) and the emails' stop link. */
export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settingsOf = async (userId: string, email: string, emailVerified: boolean) => {
    const s = await settingsFor(ctx.db, userId);
    return {
      replies: s.replies,
      comments: s.comments,
      takes: s.takes,
      notes: s.notes,
      verified: isProvenMailbox({ email, emailVerified }, s),
    };
  };

  route(app, notifications, {}, async (request, reply): Promise<NotificationSettingsResult> => {
    const viewer = caller(request);
    reply.header("cache-control", "no-store");
    return settingsOf(viewer.id, viewer.email, viewer.emailVerified);
  });

  // Switching a kind on is when a reader with an unproven address is sent the link that proves it.
  route(app, notificationsUpdate, {}, async (request): Promise<NotificationSettingsResult> => {
    const viewer = caller(request);
    const change = request.body;
    await setNotifications(ctx.db, viewer.id, change);
    const result = await settingsOf(viewer.id, viewer.email, viewer.emailVerified);
    if (result.verified || !(change.replies || change.comments || change.takes || change.notes))
      return result;
    return { ...result, verificationSent: await sendVerification(viewer.id) };
  });

  /** /profile's "Send me the link" (also after an hour, when the first one was lost). */
  route(app, notificationsVerifyRequest, {}, async (request): Promise<NotificationSettingsResult> => {
    const viewer = caller(request);
    const sent = await sendVerification(viewer.id);
    return { ...(await settingsOf(viewer.id, viewer.email, viewer.emailVerified)), verificationSent: sent };
  });

  /** The emailed link's page (a button, so a mail scanner opening the link proves nothing). */
  route(app, notificationsVerify, {}, async (request, reply) => {
    const { token } = request.body;
    if (!(await confirmMailbox(ctx.db, token, ctx.now()))) throw notFound("link", FOLLOW_TEXT.linkInvalid);
    reply.header("cache-control", "no-store");
    return { verified: true };
  });

  /** True when a link is on its way (sent now or within the hour); false when proven or over the day's limit. */
  async function sendVerification(userId: string): Promise<boolean> {
    const outcome = await requestMailboxVerification(ctx.db, ctx.config, userId, ctx.now());
    if (outcome === "sent") ctx.audienceMail.kick();
    return outcome !== "verified";
  }

  // The link in each notification (our page posts here) and RFC 8058 one-click from mail clients:
  // the token is the credential, no cookie (see followers.routes.ts).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string", bodyLimit: 10_000 },
      (_request, body, done) => done(null, body),
    );
    route(scope, notificationsStop, { config: { allowCrossSite: true } }, async (request) => {
      const { token, kind } = request.query;
      if (!(await stopByToken(ctx.db, token, kind))) throw notFound("link", FOLLOW_TEXT.linkInvalid);
      return { stopped: kind };
    });
  });
}
