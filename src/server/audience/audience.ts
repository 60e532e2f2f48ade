import type { FastifyInstance, preSerializationHookHandler } from "fastify";
import type { Comment } from "../../common/engagement";
import type { AppContext } from "../context";
import { AudienceMail } from "./audience-mail";
import { registerAudiencePageRoutes } from "./audience-page.routes";
import { registerFollowRoutes } from "./followers.routes";
import { queueCommentNotifications } from "./notifications";
import { registerNotificationRoutes } from "./notifications.routes";
import { queueNewPostEmails } from "./post-emails";
import { registerUnsubscribePage } from "./unsubscribe-page";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route answers 201 with a new comment: its notifications are queued (audience.ts). */
    announcesComment?: boolean;
  }
  interface FastifyInstance {
    /** The audience email worker (started with the app, stopped when it closes). */
    audienceMail: AudienceMail;
  }
}

/** When to look for a newly announced post's emails (the worker also polls every 30 s). */
const AFTER_ANNOUNCE_KICKS_MS = [50, 500, 3_000];

/** Follow by email and the audience mail queue. */
export async function registerAudience(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const worker = new AudienceMail({
    db: ctx.db,
    mailer: ctx.mailer,
    now: ctx.now,
    perMinute: ctx.config.mailQueuePerMinute,
    log: (line) => app.log.warn(line),
  });
  app.decorate("audienceMail", worker);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());

  // A post became public (published now, or its scheduled time came): queue one email to each
  // follower of its author, in the claiming transaction (so exactly when the post is announced).
  ctx.publishing.onBecamePublic(async (post, tx) => {
    await queueNewPostEmails(tx, ctx.config, post, ctx.now());
    // The rows are visible once that transaction commits, just after this returns.
    for (const ms of AFTER_ANNOUNCE_KICKS_MS) setTimeout(() => worker.kick(), ms).unref();
  });

  // A new comment: the post's author and the writer of the comment it answers get an email.
  // Only on the routes that add one: every other request runs no hook of ours. It reads the
  // comment before it is serialized (an onSend hook would see the compressed bytes).
  const announce: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
    if (reply.statusCode !== 201) return done(null, payload);
    // The comment is stored: a notification that cannot be queued (its post deleted meanwhile)
    // must not turn the answer into an error.
    queueCommentNotifications(ctx.db, ctx.config, payload as Comment, ctx.now())
      .then(() => worker.kick())
      .catch((error: unknown) => request.log.warn({ err: error }, "comment notifications not queued"))
      .finally(() => done(null, payload));
  };
  app.addHook("onRoute", (route) => {
    if (!route.config?.announcesComment) return;
    route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), announce];
  });

  await registerFollowRoutes(app, ctx);
  await registerAudiencePageRoutes(app, ctx);
  await registerNotificationRoutes(app, ctx);
  await registerUnsubscribePage(app, ctx);
}
