import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../common/error-codes";
import { AUTH_MESSAGES } from "../auth/auth-messages";
import { type AuthCall, findAuthEndpoint } from "../auth/endpoints";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import { AppError, badRequest } from "../errors";
import { getViewer, webHeaders } from "./viewer";

const STATUS_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_ENTITY",
  429: "TOO_MANY_REQUESTS",
};

/** Better Auth answers errors as `{ code, message }`; the whole API answers `{ error: { code, message } }`. */
function toApiErrorBody(status: number, text: string): string {
  let code: string = STATUS_CODES[status] ?? ERROR_CODES.authError;
  // Better Auth's own 429 is the per-address ceiling: SPEC's 'unsuccessful login attempts' text
  // belongs to the failed sign-in throttle only.
  let message =
    status === 429
      ? AUTH_MESSAGES.rateLimited
      : status === 404
        ? "Not found."
        : "An unknown error occurred. Please try again.";
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === "string" && parsed.code) code = parsed.code;
    if (typeof parsed.message === "string" && parsed.message && status !== 429) message = parsed.message;
  } catch {
    // not JSON: keep the generic answer
  }
  if (status === 429) code = ERROR_CODES.rateLimited;
  return JSON.stringify({ error: { code, message } });
}

/**
 * Better Auth puts the session token in JSON bodies too (sign-in's `token`, get-session's and
 * list-sessions' `session.token`). The cookie is HttpOnly so scripts cannot read the token; a body
 * would hand it to any script on the page. Our client never needs it: drop every `token` field.
 */
export function withoutSessionTokens(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const strip = (value: unknown, depth: number): void => {
    if (typeof value !== "object" || value === null || depth > 4) return;
    for (const item of Array.isArray(value) ? value : Object.values(value)) strip(item, depth + 1);
    if (!Array.isArray(value) && "token" in value) delete (value as Record<string, unknown>).token;
  };
  strip(parsed, 0);
  return JSON.stringify(parsed);
}

/** Query and body fields Better Auth redirects to. */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/**
 * A redirect target on this site only: a root-relative path or an absolute URL of PUBLIC_URL's
 * origin. Better Auth follows `callbackURL` on GET links (verify-email, reset-password/:token)
 * without checking it, which made `/api/auth/verify-email?token=x&callbackURL=https://evil.example`
 * an open redirect, and a malformed one a 500.
 */
export function isOwnRedirect(value: unknown, publicUrl: string): boolean {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return false;
  // Tabs and newlines are dropped by URL parsers ("/\t/evil.example" is "//evil.example"); '\' is '/'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value, publicUrl).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

function checkRedirects(ctx: AppContext, url: URL, body: unknown): void {
  const values: unknown[] = REDIRECT_FIELDS.flatMap((f) => url.searchParams.getAll(f));
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    for (const f of REDIRECT_FIELDS) if (f in body) values.push((body as Record<string, unknown>)[f]);
  }
  if (values.some((v) => !isOwnRedirect(v, ctx.config.publicUrl))) {
    throw badRequest("The redirect address must be a page of this site.", ERROR_CODES.invalidCallbackUrl);
  }
}

/** What Better Auth answered to a path it has, as to one it has not: Duet exposes only its table's. */
const NOT_FOUND_BODY = JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found." } });

/**
 * Better Auth under /api/auth/* (plugins/auth.ts hands each request here, loading this module on
 * first use) through a web Request (not `toNodeHandler`: it needs `reply.hijack()`, which skips helmet and the other hooks), for the paths and methods of
 * auth/endpoints.ts only: look the path up, check the body and the redirect targets, run the
 * path's `before`, hand the request to Better Auth, run its `after`.
 * Cross-site POSTs never get here: security.ts refuses them for every path (Better Auth checks
 * Origin only when a cookie is sent).
 */
export async function answerAuthRequest(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  // Better Auth gets the path the router matched, spelled one way: what the checks below look
  // at is what runs, whatever spelling arrived (`/%61pi/auth/sign-in/%65mail/`, `//`).
  const segments = ((request.params as { "*"?: string })["*"] ?? "").split("/").filter((s) => s && s !== ".");
  if (segments.includes("..")) throw new AppError(404, "NOT_FOUND", "Not found.");
  const method = request.method as "GET" | "POST";
  const endpoint = findAuthEndpoint(`/${segments.join("/")}`)?.endpoint;
  if (!endpoint?.methods.includes(method)) {
    reply.status(404).header("cache-control", "no-store");
    return reply.type("application/json; charset=utf-8").send(NOT_FOUND_BODY);
  }
  const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
  const url = new URL(
    `/api/auth${segments.map((s) => `/${encodeURIComponent(s)}`).join("")}${search}`,
    ctx.config.publicUrl,
  );
  const headers = webHeaders(request.headers);
  // Better Auth keys its rate limiter on this header: set it from the socket so nobody can spoof it.
  headers.set("x-forwarded-for", clientKey(request.ip));
  headers.delete("content-length");
  const hasBody = method === "POST" && request.body !== undefined && request.body !== null;
  const body =
    method !== "POST" ? undefined : endpoint.body ? endpoint.body(request.body, ctx.config) : request.body;
  checkRedirects(ctx, url, body);

  const call: AuthCall = { ctx, request, reply, url, body, viewer: () => getViewer(ctx, request) };
  const early = await endpoint.before?.(call);
  if (early) {
    reply.header("cache-control", "no-store");
    return reply.redirect(early.redirect, 302);
  }
  const auth = await ctx.auth.load();
  const res = await auth.handler(
    new Request(url, { method, headers, body: hasBody ? JSON.stringify(body) : undefined }),
  );
  const text = await res.text();
  const cookies = res.headers.getSetCookie();
  cookies.push(...((await endpoint.after?.(call, { status: res.status, text })) ?? []));

  reply.status(res.status);
  for (const [key, value] of res.headers) {
    if (key === "set-cookie" || key === "content-length" || key === "content-encoding") continue;
    reply.header(key, value);
  }
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  reply.header("cache-control", "no-store");
  if (res.status >= 400) {
    reply.header("content-type", "application/json; charset=utf-8");
    return reply.send(toApiErrorBody(res.status, text));
  }
  return reply.send(text.length > 0 ? withoutSessionTokens(text) : null);
}
