import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerFederationBridge } from "./bridge";
import { createDuetFederation, type DuetFederation } from "./federation";
import { registerFediverseRoutes } from "./fediverse.routes";
import { FediverseOutbox } from "./publish";
import { ReplyOutbox } from "./reply-sync";
import { registerFediverseReportRoutes } from "./reports.routes";

export interface Fediverse {
  federation: DuetFederation;
  /** Create/Update/Delete of posts (publish.ts). */
  posts: FediverseOutbox;
  /** Replies sent back to the social web (reply-sync.ts). */
  replies: ReplyOutbox;
}

/**
 * The social web's federation and outgoing queues, built with the context (ctx.fediverse) so
 * the subscribers of server/subscribers.ts can wake them.
 */
export function createFediverse(ctx: AppContext, log: (message: string, error?: unknown) => void): Fediverse {
  const federation = createDuetFederation(ctx);
  return {
    federation,
    posts: new FediverseOutbox(ctx, federation, log),
    replies: new ReplyOutbox(ctx, federation, log),
  };
}

/** The social web (docs/fediverse.md): actors, the federation paths, deliveries and the studio API. */
export async function registerFediverse(
  app: FastifyInstance,
  ctx: AppContext,
  fediverse: Fediverse,
): Promise<void> {
  const { federation, posts, replies } = fediverse;
  const stop = new AbortController();
  app.addHook("onReady", async () => {
    // Deliveries and inbox work run in every process; the database hands each message to one.
    void federation.startQueue(ctx, { signal: stop.signal }).catch((error: unknown) => {
      if (!stop.signal.aborted) app.log.warn({ err: error }, "social web queue stopped");
    });
    void posts.kick();
    void replies.kick();
  });
  app.addHook("onClose", async () => {
    stop.abort();
    await posts.close();
    await replies.close();
  });

  await registerFederationBridge(app, ctx, federation);
  await registerFediverseRoutes(app, ctx, federation);
  await registerFediverseReportRoutes(app, ctx);
}
