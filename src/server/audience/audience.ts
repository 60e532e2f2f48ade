import type { FastifyInstance } from "fastify";
import type { BlogPost } from "../../common/types";
import type { AppContext } from "../context";
import { AudienceMail } from "./audience-mail";
import { registerFollowRoutes } from "./followers.routes";
import { queueNewPostEmails } from "./post-emails";

declare module "fastify" {
  interface FastifyInstance {
    /** The audience email worker (started with the app, stopped when it closes). */
    audienceMail: AudienceMail;
  }
}

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

  // A post became public (published now): its author's followers get it once each.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "POST" || request.routeOptions.url !== "/api/posts" || reply.statusCode !== 201)
      return payload;
    const post = JSON.parse(String(payload)) as BlogPost;
    await queueNewPostEmails(ctx.db, ctx.config, post, ctx.now());
    worker.kick();
    return payload;
  });

  await registerFollowRoutes(app, ctx);
}
