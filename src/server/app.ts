import path from "node:path";
import compress from "@fastify/compress";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { registerArchiveRoutes } from "./archive/archive.routes";
import { registerAudience } from "./audience/audience";
import { type Auth, createAuth } from "./auth/auth";
import { registerSessionRoutes } from "./auth/session.routes";
import { registerVerificationRoutes } from "./auth/verification.routes";
import { registerAuthorProfilesRoutes } from "./authors/author-profiles.routes";
import { connectContentCache } from "./cache/notify";
import { ContentCache } from "./cache/store";
import { registerCommentsRoutes } from "./comments/comments.routes";
import { registerModerationRoutes } from "./comments/moderation.routes";
import { registerContactRoutes } from "./contact/contact.routes";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import type { Config } from "./env";
import { AppError } from "./errors";
import { registerFeedsRoutes } from "./feeds/feeds.routes";
import { registerLikesRoutes } from "./likes/likes.routes";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerHealthRoutes } from "./ops/health.routes";
import { registerMetrics } from "./ops/metrics";
import { registerAuthRoutes } from "./plugins/auth";
import { fastifyTrustProxy, registerSecurity } from "./plugins/security";
import { registerUploadsStatic } from "./plugins/uploads-static";
import { registerOwnPostsRoutes } from "./posts/own-posts.routes";
import { registerPostWritesRoutes } from "./posts/post-writes.routes";
import { registerPostsRoutes } from "./posts/posts.routes";
import { Publishing, registerPublishing } from "./posts/publishing";
import { registerRevisionsRoutes } from "./revisions/revisions.routes";
import { loadShell, registerPageShell } from "./shell/page-shell";
import { createStorage, type Storage } from "./storage/storage";
import { registerUploadsRoutes } from "./uploads/uploads.routes";

export interface AppDeps {
  config: Config;
  database: Database;
  /** Secret for signing sessions (generated into DATA_DIR on first start by main.ts). */
  secret: string;
  mailer?: Mailer;
  /** Default: the one the configuration names (createStorage); a given one is closed by its owner. */
  storage?: Storage;
  auth?: Auth;
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client (dist/client). Off in API tests. */
  serveClient?: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** A write that changes what readers see: the public content cache is dropped after it succeeds. */
    invalidatesContent?: boolean;
  }
}

export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 5 * 60_000;
/** Connection exhaustion: headers must arrive within 10 s, idle keep-alive sockets close after 5 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const MAX_CONNECTIONS = 10_000;
/** Open sockets one client address may hold (behind a proxy, put the cap in the proxy too). */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/** Errors Node's parser raises before Fastify sees a request (an over-long URL or headers: 431), in the API's shape. */
export function clientErrorAnswer(code: string | undefined): { status: number; body: string } {
  const [status, apiCode, message] =
    code === "HPE_HEADER_OVERFLOW"
      ? [431, "HEADERS_TOO_LARGE", "The address or the request headers are too long."]
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "REQUEST_TIMEOUT", "The request took too long to arrive."]
        : [400, "BAD_REQUEST", "The request could not be read."];
  return { status, body: JSON.stringify({ error: { code: apiCode, message } }) };
}

function sendFrameworkError(error: FastifyError, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  return reply
    .status(tooLong ? 414 : 400)
    .header("cache-control", "no-store")
    .send({
      error: {
        code: tooLong ? "URL_TOO_LONG" : "BAD_URL",
        message: tooLong ? "The address is too long." : "The address is not valid.",
      },
    });
}

/**
 * The request log: one line when a response is sent, at info for writes and failures, at debug
 * for reads that worked (most traffic; /metrics counts them); a request's arrival at debug.
 */
class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
      return;
    }
    const read = request.method === "GET" || request.method === "HEAD";
    const level = read && reply.statusCode < 400 ? "debug" : "info";
    reply.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/** Build the whole server; main.ts and every test call this. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request at most: Fastify's own logging writes two at info.
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify turns Node's 5-minute request timeout off (0); without it a client that sends its
    // headers or body a byte at a time holds a connection forever (slowloris). Five minutes
    // still lets ten 10 MB images arrive over a slow home upload.
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    clientErrorHandler: (error, socket) => {
      if ((error as { code?: string }).code === "ECONNRESET" || socket.destroyed) return;
      const answer = clientErrorAnswer((error as { code?: string }).code);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${answer.status} ${answer.status === 431 ? "Request Header Fields Too Large" : answer.status === 408 ? "Request Timeout" : "Bad Request"}\r\nContent-Length: ${Buffer.byteLength(answer.body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${answer.body}`,
        );
      }
      socket.destroy();
    },
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Unset TRUST_PROXY: X-Forwarded-For is ignored and request.ip (every rate limit's key) is the socket.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // Errors raised before routing (a URL like /api/posts/%ZZ, an over-long id) get the API's
    // error shape too, instead of Fastify's own body that echoes the path back.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply as unknown as FastifyReply),
  });
  // Slow-header floods: a file-descriptor ceiling for the process and a share per client address.
  app.server.maxConnections = MAX_CONNECTIONS;
  const perAddress = new Map<string, number>();
  app.server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > MAX_CONNECTIONS_PER_ADDRESS) return socket.destroy();
    perAddress.set(address, open);
    socket.once("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  const mailer =
    deps.mailer ??
    createMailer({
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, "outbox"),
      log: (line) => app.log.info(line),
    });
  const auth =
    deps.auth ??
    createAuth({
      db: database.db,
      config,
      mailer,
      secret: deps.secret,
      log: (level, message) => app.log[level](message),
    });
  const cache = new ContentCache();
  const now = deps.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    cache,
    storage: deps.storage ?? createStorage(config),
    now,
    publishing: new Publishing({ db: database.db, cache, now }, (message, error) =>
      app.log.warn({ err: error }, message),
    ),
  };

  // JSON-only API bodies: refuse text/plain (a cross-site form could send it without a preflight).
  app.removeContentTypeParser("text/plain");

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request is too large."
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Send JSON (Content-Type: application/json)."
            : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || err.code === "FST_ERR_CTP_INVALID_JSON_BODY"
              ? "The request body is not valid JSON."
              : (err.message ?? "Bad request.");
      return reply.status(status).send({ error: { code: err.code ?? "BAD_REQUEST", message } });
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } });
  });

  // Write routes declare `config: { invalidatesContent: true }`; this is the one place that acts on
  // it, before the answer leaves, so the writer's next read already sees the change. Added to those
  // routes only: reads (most requests) run no hook for it.
  const invalidateAfterWrite = (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, p: unknown) => void,
  ) => {
    if (reply.statusCode < 400) ctx.cache.invalidate();
    done(null, payload);
  };
  app.addHook("onRoute", (route) => {
    if (!(route.config as { invalidatesContent?: boolean } | undefined)?.invalidatesContent) return;
    const existing = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...existing, invalidateAfterWrite];
  });
  // Processes sharing one PostgreSQL drop each other's stale public reads.
  await connectContentCache(app, ctx);
  // Scheduled posts appear at their time: each process drops its caches then (and announces once).
  registerPublishing(app, ctx);
  const shell = await loadShell(ctx, deps.serveClient ?? false);
  await registerSecurity(app, ctx, { scriptHashes: shell.template.scriptHashes });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  // The table of contents of the API.
  await registerHealthRoutes(app, ctx);
  await registerMetrics(app, ctx);
  await registerAuthRoutes(app, ctx);
  await registerSessionRoutes(app, ctx);
  await registerVerificationRoutes(app, ctx);
  await registerPostsRoutes(app, ctx);
  await registerPostWritesRoutes(app, ctx);
  await registerOwnPostsRoutes(app, ctx);
  await registerRevisionsRoutes(app, ctx);
  await registerAuthorProfilesRoutes(app, ctx);
  await registerCommentsRoutes(app, ctx);
  await registerModerationRoutes(app, ctx);
  await registerLikesRoutes(app, ctx);
  await registerContactRoutes(app, ctx);
  await registerAudience(app, ctx);
  await registerUploadsRoutes(app, ctx);
  await registerArchiveRoutes(app, ctx);
  await registerFeedsRoutes(app, ctx);
  await registerUploadsStatic(app, ctx);
  await registerPageShell(app, ctx, shell);

  app.addHook("onClose", async () => {
    mailer.close();
    if (!deps.storage) ctx.storage.close();
  });
  return { app, ctx };
}
