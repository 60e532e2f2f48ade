import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { fediverseQueue } from "../db/schema";
import { registerBlueskyRoutes } from "./bluesky/bluesky.routes";
import { BlueskyWorker } from "./bluesky/bluesky-worker";
import { registerFederationBridge } from "./bridge";
import type { DuetFederation } from "./federation-type";
import { registerFediverseRoutes } from "./fediverse.routes";
import { FediverseOutbox } from "./publish";
import { ReplyOutbox } from "./reply-sync";
import { registerFediverseReportRoutes } from "./reports.routes";
import type { LoadSocialWeb, SocialWeb } from "./social-web-type";
import { registerWebmentionRoutes } from "./webmention.routes";
import { WebmentionWorker } from "./webmention-worker";

type Log = (message: string, error?: unknown) => void;

/**
 * The social web's federation and outgoing queues, built with the context (ctx.fediverse) so
 * the subscribers of server/subscribers.ts can wake them. Fedify is not loaded at start: the first
 * request to a federation path, the first studio call that needs it, an outgoing activity that is
 * due, or messages left in its queue load it (social-web.ts); its queue runs from then on.
 */
export class Fediverse {
  readonly posts: FediverseOutbox;
  readonly replies: ReplyOutbox;
  /** Webmentions in and out (decision 0047): no Fedify needed. */
  readonly webmentions: WebmentionWorker;
  /** Each author's Bluesky records (decision 0049): no Fedify needed either. */
  readonly bluesky: BlueskyWorker;
  readonly load: LoadSocialWeb = () => this.loadOnce();
  private loading: Promise<SocialWeb> | null = null;
  private ready = false;
  private queueStarted = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Log,
  ) {
    this.posts = new FediverseOutbox(ctx, this.load, log);
    this.replies = new ReplyOutbox(ctx, this.load, log);
    this.webmentions = new WebmentionWorker(ctx, log);
    this.bluesky = new BlueskyWorker(ctx, log);
  }

  private loadOnce(): Promise<SocialWeb> {
    if (!this.loading) {
      this.loading = import("./social-web").then((lib) => {
        const web = { federation: lib.createDuetFederation(this.ctx), lib };
        this.startQueue(web.federation);
        return web;
      });
      // A load that failed is tried again by the next caller.
      this.loading.catch(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  /** Deliveries and inbox work run in every process that loaded it; the database hands each message to one. */
  private startQueue(federation: DuetFederation): void {
    if (!this.ready || this.queueStarted || this.stop.signal.aborted) return;
    this.queueStarted = true;
    void federation.startQueue(this.ctx, { signal: this.stop.signal }).catch((error: unknown) => {
      if (!this.stop.signal.aborted) this.log("social web queue stopped", error);
    });
  }

  /** The server is ready: messages a previous process left in the queue load the social web now. */
  async start(): Promise<void> {
    this.ready = true;
    const loaded = await this.loading?.catch(() => null);
    if (loaded) this.startQueue(loaded.federation);
    else {
      const [waiting] = await this.ctx.db.select({ id: fediverseQueue.id }).from(fediverseQueue).limit(1);
      if (waiting) void this.load().catch((error: unknown) => this.log("social web could not load", error));
    }
    void this.posts.kick();
    void this.replies.kick();
    void this.webmentions.kick();
    void this.bluesky.kick();
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.posts.close();
    await this.replies.close();
    await this.webmentions.close();
    await this.bluesky.close();
  }
}

/** The social web (docs/fediverse.md): actors, the federation paths, deliveries and the studio API. */
export async function registerFediverse(
  app: FastifyInstance,
  ctx: AppContext,
  fediverse: Fediverse,
): Promise<void> {
  // Not awaited: a start never waits for the social web (loading it takes a second or more).
  app.addHook("onReady", async () => {
    void fediverse
      .start()
      .catch((error: unknown) => app.log.warn({ err: error }, "social web did not start"));
  });
  app.addHook("onClose", async () => fediverse.close());

  await registerFederationBridge(app, ctx, fediverse.load);
  await registerFediverseRoutes(app, ctx, fediverse.load);
  await registerFediverseReportRoutes(app, ctx);
  await registerWebmentionRoutes(app, ctx);
  await registerBlueskyRoutes(app, ctx);
}
