import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { AudienceMail } from "./audience-mail";
import { registerAudiencePageRoutes } from "./audience-page.routes";
import { registerFollowRoutes } from "./followers.routes";
import { queuedMailListHeaders } from "./list-headers";
import { queueCommentNotifications } from "./notifications";
import { registerNotificationRoutes } from "./notifications.routes";
import { queueNewPostEmails } from "./post-emails";
import { registerUnsubscribePage } from "./unsubscribe-page";

declare module "fastify" {
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
    extraHeaders: (row) => queuedMailListHeaders(ctx, row),
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
  ctx.events.on("commentCreated", async ({ comment }) => {
    // The comment is stored: a notification that cannot be queued (its post deleted meanwhile)
    // must not turn the answer into an error (events.ts logs it).
    await queueCommentNotifications(ctx.db, ctx.config, comment, ctx.now());
    worker.kick();
  });

  await registerFollowRoutes(app, ctx);
  await registerAudiencePageRoutes(app, ctx);
  await registerNotificationRoutes(app, ctx);
  await registerUnsubscribePage(app, ctx);
}
