import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { registerOpenApi } from "./api/openapi";
import { registerArchiveRoutes } from "./archive/archive.routes";
import { createAudienceMail, registerAudience } from "./audience/audience";
import type { PasswordHasher } from "./auth/auth";
import { lazyAuth } from "./auth/lazy-auth";
import { registerSessionRoutes } from "./auth/session.routes";
import { registerVerificationRoutes } from "./auth/verification.routes";
import { registerAuthorProfilesRoutes } from "./authors/author-profiles.routes";
import { connectContentCache } from "./cache/notify";
import { ContentCache } from "./cache/store";
import { Collab } from "./collab/collab";
import { registerCollabRoutes } from "./collab/collab.routes";
import { registerCommentsRoutes } from "./comments/comments.routes";
import { registerInboxRoutes } from "./comments/inbox.routes";
import { registerModerationRoutes } from "./comments/moderation.routes";
import { registerContactRoutes } from "./contact/contact.routes";
import { createContactDelivery } from "./contact/delivery";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { listenOn } from "./db/listen";
import type { Config } from "./env";
import { EVENTS_CHANNEL } from "./events";
import { Fediverse, registerFediverse } from "./fediverse/fediverse";
import { RemoteReplyLimits, remoteReportLimiter, webmentionLimiter } from "./fediverse/remote-limits";
import { registerFeedsRoutes } from "./feeds/feeds.routes";
import { registerFirstHourRoutes } from "./first-hour/first-hour.routes";
import { apiErrorHandler, limitConnections, serverOptions } from "./http-server";
import { registerLikesRoutes } from "./likes/likes.routes";
import { registerMailImages } from "./mail/mail-images";
import type { Mailer } from "./mail/mailer";
import { siteMailer } from "./mail/site-mailer";
import { registerNotesRoutes } from "./notes/notes.routes";
import { registerHealthRoutes } from "./ops/health.routes";
import { registerMetrics } from "./ops/metrics";
import { Outbox } from "./outbox";
import { pageLoaders } from "./page-loaders";
import { registerAuthRoutes } from "./plugins/auth";
import { registerSecurity } from "./plugins/security";
import { registerUploadsStatic } from "./plugins/uploads-static";
import { registerDemoPostsRoutes } from "./posts/demo-posts.routes";
import { registerOwnPostsRoutes } from "./posts/own-posts.routes";
import { registerPostReadingRoutes } from "./posts/post-reading.routes";
import { registerPostSharesRoutes } from "./posts/post-shares.routes";
import { registerPostWritesRoutes } from "./posts/post-writes.routes";
import { registerPostsRoutes } from "./posts/posts.routes";
import { Publishing, registerPublishing } from "./posts/publishing";
import { registerRevisionsRoutes } from "./posts/revisions.routes";
import { registerSearchRoutes } from "./search/search.routes";
import { searchLimiter } from "./search/search-limit";
import { sealerOf } from "./secret";
import { contactSite } from "./settings/settings.reads";
import { registerSiteSettingsRoutes } from "./settings/site-settings.routes";
import { loadShell, registerPageShell } from "./shell/page-shell";
import { registerPagesRoutes } from "./site-pages/site-pages.routes";
import { registerStats } from "./stats/stats";
import { StatsCounter } from "./stats/stats-counter";
import { createStorage, type Storage } from "./storage/storage";
import { subscribers } from "./subscribers";
import { registerPairsRoutes } from "./takes/pairs.routes";
import { registerUploadsRoutes } from "./uploads/uploads.routes";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Secret for signing sessions (generated into DATA_DIR on first start by main.ts). */
  secret: string;
  mailer?: Mailer;
  /** Default: the one the configuration names (createStorage); a given one is closed by its owner. */
  storage?: Storage;
  /** Tests only (test/test-app.ts): a cheap hasher instead of scrypt. main.ts never passes one. */
  passwordHasher?: PasswordHasher;
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client (dist/client). Off in API tests. */
  serveClient?: boolean;
}

/** Build the whole server; main.ts and every test call this. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = deps;
  const app = Fastify(serverOptions(config, deps.logger ?? false));
  limitConnections(app, config);
  const mailer =
    deps.mailer ??
    siteMailer(
      config,
      () => database.db,
      (line) => app.log.info(line),
    );
  // Loaded by the first request that needs it (a reader without a session never does).
  const auth = lazyAuth({
    db: database.db,
    config,
    mailer,
    secret: deps.secret,
    log: (level, message) => app.log[level](message),
    passwordHasher: deps.passwordHasher,
  });
  const cache = new ContentCache();
  const now = deps.now ?? (() => new Date());
  const warn = (message: string, error?: unknown) => app.log.warn({ err: error }, message);
  const events = new Outbox({ db: database.db, notify: database.kind === "postgres", now, log: warn });
  const warnLine = (line: string) => app.log.warn(line);
  // Every service the routes, subscribers and workers use: the context says what exists.
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    cache,
    events,
    sealer: sealerOf(deps.secret),
    storage: deps.storage ?? createStorage(config),
    now,
    collab: new Collab(database, warn),
    publishing: new Publishing({ db: database.db, cache, events, now }, warn),
    stats: new StatsCounter({ db: database.db, host: new URL(config.publicUrl).host, now, log: warn }),
    contactDelivery: createContactDelivery(
      { db: database.db, config, mailer, now },
      () => contactSite(ctx),
      warnLine,
    ),
    limits: {
      search: searchLimiter(now),
      remoteReplies: new RemoteReplyLimits(now),
      remoteReports: remoteReportLimiter(now),
      webmentions: webmentionLimiter(now),
    },
    // These two are built from the context itself (Fedify hands it to every listener; the
    // follower letters read the settings through it), just below; nothing runs before then.
    get audienceMail() {
      return audienceMail;
    },
    get fediverse() {
      return fediverse;
    },
  };
  const audienceMail = createAudienceMail(ctx, warnLine);
  const fediverse = new Fediverse(ctx, warn);
  // Every side effect of a write: the subscribers of its domain event (subscribers.ts).
  events.subscribe(...subscribers(ctx));

  // JSON-only API bodies: refuse text/plain (a cross-site form could send it without a preflight).
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(apiErrorHandler);

  // Processes sharing one PostgreSQL drop each other's caches; each re-reads its publish timer.
  await connectContentCache(app, ctx, () => void ctx.publishing.kick());
  // Events left unhandled (a failure, a process that died) are claimed again; other processes'
  // commits wake this one (PostgreSQL NOTIFY); this process's own are handled as they commit.
  const stopListening =
    database.kind === "postgres" && database.pool
      ? await listenOn(
          database.pool,
          EVENTS_CHANNEL,
          { heard: () => void events.kick(), reconnected: () => void events.kick() },
          warn,
          "domain events",
        )
      : null;
  app.addHook("onReady", async () => events.start());
  app.addHook("onClose", async () => {
    await stopListening?.();
    await events.close();
  });
  // Scheduled posts appear at their time: each process drops its caches then (and announces once).
  registerPublishing(app, ctx);
  const shell = await loadShell(ctx, deps.serveClient ?? false);
  await registerSecurity(app, ctx, { scriptHashes: shell.template.scriptHashes });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  // The table of contents of the API (the endpoint table's OpenAPI document sees every route after it).
  await registerOpenApi(app);
  await registerHealthRoutes(app, ctx);
  await registerMetrics(app, ctx);
  await registerAudience(app, ctx);
  await registerAuthRoutes(app, ctx);
  await registerSessionRoutes(app, ctx);
  await registerVerificationRoutes(app, ctx);
  await registerPostsRoutes(app, ctx);
  await registerSearchRoutes(app, ctx);
  await registerPostReadingRoutes(app, ctx);
  await registerPostWritesRoutes(app, ctx);
  await registerOwnPostsRoutes(app, ctx);
  await registerPostSharesRoutes(app, ctx);
  await registerDemoPostsRoutes(app, ctx);
  await registerRevisionsRoutes(app, ctx);
  await registerPairsRoutes(app, ctx);
  await registerNotesRoutes(app, ctx);
  await registerAuthorProfilesRoutes(app, ctx);
  await registerSiteSettingsRoutes(app, ctx);
  await registerPagesRoutes(app, ctx);
  await registerCollabRoutes(app, ctx);
  await registerFirstHourRoutes(app, ctx);
  await registerCommentsRoutes(app, ctx);
  await registerModerationRoutes(app, ctx);
  await registerInboxRoutes(app, ctx);
  await registerLikesRoutes(app, ctx);
  await registerContactRoutes(app, ctx);
  await registerUploadsRoutes(app, ctx);
  await registerArchiveRoutes(app, ctx);
  await registerStats(app, ctx);
  await registerFeedsRoutes(app, ctx);
  await registerFediverse(app, ctx, fediverse);
  await registerUploadsStatic(app, ctx);
  await registerMailImages(app, ctx);
  await registerPageShell(app, ctx, shell, pageLoaders);

  app.addHook("onClose", async () => {
    mailer.close();
    if (!deps.storage) ctx.storage.close();
  });
  return { app, ctx };
}
