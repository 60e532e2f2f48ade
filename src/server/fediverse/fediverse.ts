import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { registerFederationBridge } from "./bridge";
import { createDuetFederation, type DuetFederation } from "./federation";
import { registerFediverseRoutes } from "./fediverse.routes";
import { FediverseOutbox, markPostChanged, queueCreate } from "./publish";
import { ReplyOutbox } from "./reply-sync";
import { registerFediverseReportRoutes } from "./reports.routes";

interface Fediverse {
  federation: DuetFederation;
  outbox: FediverseOutbox;
  replies: ReplyOutbox;
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
  const replies = new ReplyOutbox(ctx, federation, (message, error) => app.log.warn({ err: error }, message));
  registry.set(ctx, { federation, outbox, replies });

  // A post became public (now or at its time): its Create is due, stored with the claim (once).
  ctx.publishing.onBecamePublic(async (post, tx) => {
    await queueCreate(tx, post.id, post.author);
    setTimeout(() => void outbox.kick(), 50).unref();
  });

  // A post was edited, unpublished or deleted: its Update or Delete is due.
  ctx.events.on("postChanged", ({ postId }) => federatePost(ctx, postId));

  // A reply written here to a comment from the social web goes back as a Note; its edit, deletion
  // or hiding follows (decision 0039). Moderation routes announce themselves as contentChanged.
  ctx.events.on("commentCreated", () => void replies.kick());
  ctx.events.on("commentChanged", () => void replies.kick());
  ctx.events.on("contentChanged", ({ remote }) => {
    if (!remote) void replies.kick();
  });

  const stop = new AbortController();
  app.addHook("onReady", async () => {
    // Deliveries and inbox work run in every process; the database hands each message to one.
    void federation.startQueue(ctx, { signal: stop.signal }).catch((error: unknown) => {
      if (!stop.signal.aborted) app.log.warn({ err: error }, "social web queue stopped");
    });
    void outbox.kick();
    void replies.kick();
  });
  app.addHook("onClose", async () => {
    stop.abort();
    await outbox.close();
    await replies.close();
  });

  await registerFederationBridge(app, ctx, federation);
  await registerFediverseRoutes(app, ctx, federation);
  await registerFediverseReportRoutes(app, ctx);
}
