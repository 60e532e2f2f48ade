import type { Server } from "node:http";
import {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { ERROR_CODES } from "../common/error-codes";
import { TAKES_MESSAGES } from "../common/schemas/takes";
import { clientKey } from "./client-key";
import { isSealedTakeError, isStatementTimeout } from "./db/client";
import type { Config } from "./env";
import { AppError, conflict, databaseBusy } from "./errors";
import { closeSlowHeads } from "./head-deadline";
import { fastifyTrustProxy } from "./plugins/security";

// The HTTP server under the app: limits against slow or oversized clients, the request log, and
// the API's error shape for every error (app.ts registers the routes on top).

export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const REQUEST_TIMEOUT_MS = 5 * 60_000;
/** Connection exhaustion: headers must arrive within 10 s, idle keep-alive sockets close after 5 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * How often Node looks for sockets past those timeouts. Its default (30 s) let a silent or
 * trickling socket live 31–33 s instead of 10; each check walks the open
 * sockets only, at most MAX_CONNECTIONS of them.
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;
export const MAX_CONNECTIONS = 10_000;
/**
 * Open sockets one client may hold: an IPv4 address, or an IPv6 /64 (docs/decisions/0008). An
 * attacker needs MAX_CONNECTIONS / 64 = 157 addresses to fill the global cap, whatever the
 * timeouts; 40 addresses hold a quarter of it (2,560). A browser opens at most 6 sockets per
 * site, so an office of ten shares one address comfortably. Behind a proxy (TRUST_PROXY) every
 * socket comes from the proxy, which must cap clients itself: only the global cap applies there.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;

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
        code: tooLong ? ERROR_CODES.urlTooLong : ERROR_CODES.badUrl,
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
    // Most requests are reads not logged at info: build nothing for them.
    const log = reply.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled && !log.isLevelEnabled(level)) return;
    reply.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}

/** Fastify's options: body and time limits, the request log, proxies, the router's limits. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions["logger"],
): FastifyHttpOptions<Server> {
  return {
    logger,
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
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS },
    // Unset TRUST_PROXY: X-Forwarded-For is ignored and request.ip (every rate limit's key) is the socket.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // Errors raised before routing (a URL like /api/posts/%ZZ, an over-long id) get the API's
    // error shape too, instead of Fastify's own body that echoes the path back.
    frameworkErrors: (error, _request, reply) => sendFrameworkError(error, reply as unknown as FastifyReply),
  };
}

/** The raw 408 a connection gets when its request head is late (Node's parser has not answered). */
export function timeoutAnswer(): string {
  const answer = clientErrorAnswer("ERR_HTTP_REQUEST_TIMEOUT");
  return `HTTP/1.1 408 Request Timeout\r\nContent-Length: ${Buffer.byteLength(answer.body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${answer.body}`;
}

/**
 * Slow-header floods: every connection's request head within HEADERS_TIMEOUT_MS, a
 * file-descriptor ceiling for the process and a share per client address.
 */
export function limitConnections(app: FastifyInstance, config: Pick<Config, "trustProxy">): void {
  closeSlowHeads(app.server, HEADERS_TIMEOUT_MS, timeoutAnswer());
  app.server.maxConnections = MAX_CONNECTIONS;
  if (config.trustProxy !== false && config.trustProxy !== 0) return;
  const perAddress = new Map<string, number>();
  app.server.on("connection", (socket) => {
    const address = clientKey(socket.remoteAddress ?? "");
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > MAX_CONNECTIONS_PER_ADDRESS) return socket.destroy();
    perAddress.set(address, open);
    socket.once("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
}

/** Every error leaves as `{ error: { code, message } }`; only the unexpected ones are logged. */
export function apiErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  // The seal of two takes is the database's rule, whichever route tried to publish a take.
  if (isSealedTakeError(error)) error = conflict(TAKES_MESSAGES.sealed);
  if (error instanceof AppError) {
    return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
  }
  if (isStatementTimeout(error)) {
    request.log.warn({ err: error }, "statement timeout");
    const busy = databaseBusy();
    return reply
      .status(busy.statusCode)
      .header("retry-after", "5")
      .send({ error: { code: busy.code, message: busy.message } });
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
    .send({ error: { code: ERROR_CODES.internal, message: "Something went wrong. Please try again." } });
}
