import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { AudienceMail } from "./audience-mail";
import { registerAudiencePageRoutes } from "./audience-page.routes";
import { registerFollowRoutes } from "./followers.routes";
import { queuedMailListHeaders } from "./list-headers";
import { releaseMailLeases } from "./mail-queue.repository";
import { registerNotificationRoutes } from "./notifications.routes";
import { registerUnsubscribePage } from "./unsubscribe-page";

/** The audience email worker (ctx.audienceMail): built with the context, started with the app. */
export function createAudienceMail(ctx: AppContext, log: (line: string) => void): AudienceMail {
  return new AudienceMail({
    db: ctx.db,
    mailer: ctx.mailer,
    now: ctx.now,
    perMinute: ctx.config.mailQueuePerMinute,
    log,
    extraHeaders: (row) => queuedMailListHeaders(ctx, row),
  });
}

/**
 * Follow by email and the audience mail queue. What queues its letters and notifications is in
 * server/subscribers.ts (new posts, new comments).
 */
export async function registerAudience(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const worker = ctx.audienceMail;
  app.addHook("onReady", async () => {
    // One process on the embedded database (the DATA_DIR lock): a lease left is a dead sender's.
    if (ctx.database.kind === "pglite") await releaseMailLeases(ctx.db, ctx.now());
    worker.start();
  });
  app.addHook("onClose", async () => worker.stop());

  await registerFollowRoutes(app, ctx);
  await registerAudiencePageRoutes(app, ctx);
  await registerNotificationRoutes(app, ctx);
  await registerUnsubscribePage(app, ctx);
}
