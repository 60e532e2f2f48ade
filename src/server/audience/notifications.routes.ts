import type { FastifyInstance } from "fastify";
import { FOLLOW_TEXT } from "../../common/audience";
import { NotificationSettingsBodySchema, NotificationStopQuerySchema } from "../../common/schemas/follow";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { requireViewer } from "../plugins/auth";
import { parse } from "../validate";
import { setNotifications, settingsFor, stopByToken } from "./notifications";

/** Reply and comment emails: the reader's settings (/profile) and the emails' stop link. */
export async function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/notifications", async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const s = await settingsFor(ctx.db, viewer.id);
    reply.header("cache-control", "no-store");
    return { replies: s.replies, comments: s.comments };
  });

  app.patch("/api/notifications", async (request) => {
    const viewer = await requireViewer(ctx, request);
    const change = parse(NotificationSettingsBodySchema, request.body);
    return setNotifications(ctx.db, viewer.id, change);
  });

  // The link in each notification (our page posts here) and RFC 8058 one-click from mail clients:
  // the token is the credential, no cookie (see followers.routes.ts).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string", bodyLimit: 10_000 },
      (_request, body, done) => done(null, body),
    );
    scope.post("/api/notifications/unsubscribe", { config: { allowCrossSite: true } }, async (request) => {
      const { token, kind } = parse(NotificationStopQuerySchema, request.query);
      if (!(await stopByToken(ctx.db, token, kind))) throw notFound("link", FOLLOW_TEXT.linkInvalid);
      return { stopped: kind };
    });
  });
}
