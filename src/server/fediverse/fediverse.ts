import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerFederationBridge } from "./bridge";
import { createDuetFederation, type DuetFederation } from "./federation";
import { registerFediverseRoutes } from "./fediverse.routes";
import { FediverseOutbox, markPostChanged, queueCreate } from "./publish";

interface Fediverse {
  federation: DuetFederation;
  outbox: FediverseOutbox;
}

/** One per app, found from its context (so callers need no new AppContext field). */
const registry = new WeakMap<AppContext, Fediverse>();

export function fediverseOf(ctx: AppContext): Fediverse | null {
  return registry.get(ctx) ?? null;
}

/**
 * A post was edited, unpublished or deleted: send the social web its Update or Delete (through
 * the queue; returns at once). Runs on the `postChanged` event (server/events.ts).
 */
export async function federatePost(ctx: AppContext, postId: string): Promise<void> {
  const fediverse = registry.get(ctx);
  if (!fediverse) return;
  if (await markPostChanged(ctx, postId)) void fediverse.outbox.kick();
}

/** The social web (docs/fediverse.md): actors, the federation paths, deliveries and the studio API. */
export async function registerFediverse(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const federation = createDuetFederation(ctx);
  const outbox = new FediverseOutbox(ctx, federation, (message, error) =>
    app.log.warn({ err: error }, message),
  );
  registry.set(ctx, { federation, outbox });

  // A post became public (now or at its time): its Create is due, stored with the claim (once).
  ctx.publishing.onBecamePublic(async (post, tx) => {
    await queueCreate(tx, post.id, post.author);
    setTimeout(() => void outbox.kick(), 50).unref();
  });

  // A post was edited, unpublished or deleted: its Update or Delete is due.
  ctx.events.on("postChanged", ({ postId }) => federatePost(ctx, postId));

  const stop = new AbortController();
  app.addHook("onReady", async () => {
    // Deliveries and inbox work run in every process; the database hands each message to one.
    void federation.startQueue(ctx, { signal: stop.signal }).catch((error: unknown) => {
      if (!stop.signal.aborted) app.log.warn({ err: error }, "social web queue stopped");
    });
    void outbox.kick();
  });
  app.addHook("onClose", async () => {
    stop.abort();
    await outbox.close();
  });

  await registerFederationBridge(app, ctx, federation);
  await registerFediverseRoutes(app, ctx, federation);
}
