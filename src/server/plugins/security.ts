import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify";
import { ERROR_CODES } from "../../common/error-codes";
import { EMBED_FRAME_ORIGINS } from "../../common/rules/embeds";
import { pinterestBoardUrl, type SiteSettings } from "../../common/site-settings";
import type { AppContext } from "../context";
import type { TrustProxy } from "../env";
import { AppError, invalid } from "../errors";
import { cachedSiteSettings, SITE_SETTINGS_CACHE_KEY } from "../settings/settings.reads";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify 5 fails a bare hop count closed (it
 * trusts nothing), so a count becomes "the socket peer and the next n-1 X-Forwarded-For entries
 * are our proxies" (docs/decisions/0007-trust-proxy.md: only safe when the proxy is the sole way in).
 */
export function fastifyTrustProxy(value: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (typeof value !== "number") return value;
  const hops = value;
  return (_address: string, hop: number) => hop < hops;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route authenticates by a secret in its URL and uses no cookie, so a request from
     * anywhere may call it (RFC 8058 one-click unsubscribe is POSTed by mail providers' servers).
     */
    allowCrossSite?: boolean;
    /**
     * The route answers 204 with no body (the statistics beacon): no document or API headers,
     * which protect a body from being sniffed, framed or read cross-origin. Its rare errors are
     * short JSON with nothing to protect. The cross-site refusal still holds.
     */
    bodiless?: boolean;
  }
}

/** Origins allowed to make state-changing requests: our own (and the Vite dev server on a loopback site). */
export function allowedOrigins(ctx: AppContext): Set<string> {
  return new Set(ctx.config.trustedOrigins);
}

/**
 * Cross-site request refusal for every state-changing route of Duet (Better Auth checks its own):
 * the browser's Sec-Fetch-Site, else Origin, must say the request came from our pages.
 */
export function isCrossSite(request: FastifyRequest, origins: Set<string>): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.origin;
  // A form on our own page (the unsubscribe button) posts `Origin: null` under our no-referrer
  // policy; then the browser's Sec-Fetch-Site says where it came from.
  if (origin && !(origin === "null" && site === "same-origin")) return !origins.has(origin);
  // No Origin and no Sec-Fetch-Site: not a browser form post from elsewhere only if same-origin said so.
  return site !== "same-origin";
}

/** Deeper JSON than any Duet request needs; a 4 MB `[[[[…]]]]` would overflow JSON.stringify later. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What no route can take, whatever its schema: U+0000 (PostgreSQL text cannot hold it, so it
 * would fail at the database as a 500) and nesting deeper than MAX_INPUT_DEPTH. Iterative, so
 * the check itself cannot overflow the stack. Returns the problem and the top-level field it is
 * under (null for a bare value), or null.
 */
export function inputProblem(value: unknown): { kind: "nul" | "depth"; field: string | null } | null {
  if (value === undefined || value === null || isFlatAndClean(value)) return null;
  const stack: Array<[unknown, number, string | null]> = [[value, 0, null]];
  while (stack.length > 0) {
    const [current, depth, field] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return { kind: "nul", field };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: "depth", field };
    for (const [key, child] of Object.entries(current)) {
      if (key.includes("\u0000")) return { kind: "nul", field };
      stack.push([child, depth + 1, field ?? key]);
    }
  }
  return null;
}

/** Route params and most queries: an object of strings without NUL (no walk, no allocation). */
function isFlatAndClean(value: unknown): boolean {
  if (typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (typeof child !== "string" || child.includes("\u0000") || key.includes("\u0000")) return false;
  }
  return true;
}

/**
 * The security headers of every response, built once: a CSP for what Duet loads (its own code,
 * the inlined theme script by hash, the Pinterest widget when configured) and the rest of
 * Helmet's defaults. Set in one step per request (Helmet rebuilt them per request).
 */
export function securityHeaders(
  ctx: AppContext,
  scriptHashes: string[],
  withPinterest = !!ctx.config.pinterestBoardUrl,
): Record<string, string> {
  const https = ctx.config.publicUrl.startsWith("https:");
  const pinterest = withPinterest ? ["https://assets.pinterest.com", "https://*.pinimg.com"] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, ...pinterest],
    // Stylesheets and <style> elements only from Duet itself (CSS injection through a <style>
    // element can read the page with attribute selectors). style="" attributes stay allowed: post
    // content carries the editor's fonts, sizes and colours there, limited by the sanitiser to
    // SPEC §9's fixed lists. The Pinterest widget injects its own <style>, so it needs inline styles.
    "style-src": ["'self'", ...(pinterest.length ? ["'unsafe-inline'"] : [])],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": [
      "'self'",
      "data:",
      "blob:",
      // Images may be redirected to the CDN in front of the bucket.
      ...(ctx.config.uploadsPublicUrl ? [new URL(ctx.config.uploadsPublicUrl).origin] : []),
      ...pinterest,
      ...(pinterest.length ? ["https://*.pinterest.com"] : []),
    ],
    "connect-src": ["'self'", ...(pinterest.length ? ["https://*.pinterest.com"] : [])],
    // Video players: named statically, as every page is built once and cached; no
    // frame exists until a reader clicks an embed's poster (embeds.ts), so nothing loads before.
    "frame-src": [...EMBED_FRAME_ORIGINS, ...(pinterest.length ? ["https://*.pinterest.com"] : [])],
    "font-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
  const csp = Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
  return {
    "content-security-policy": csp,
    // Share intents open in a popup; it must be able to see its opener's URL parameters only.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    // Features no page of Duet uses are switched off for it and anything it embeds.
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "referrer-policy": "no-referrer",
    ...(https ? { "strict-transport-security": "max-age=15552000" } : {}),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "SAMEORIGIN",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}

/**
 * The JSON API's answers are never rendered as documents: they need no page policy, only what
 * stops them being sniffed, framed or read cross-origin (OWASP REST guidance). Half a kilobyte of
 * page headers on a 1–5 KB answer was most of Duet's cost per API read over a bare server.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    "content-security-policy": "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": page["permissions-policy"]!,
    "referrer-policy": "no-referrer",
    ...(page["strict-transport-security"]
      ? { "strict-transport-security": page["strict-transport-security"] }
      : {}),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  ctx: AppContext,
  page: { scriptHashes: string[] } = { scriptHashes: [] },
): Promise<void> {
  // Pages allow the Pinterest widget only while a board is in force (the site setting, by default
  // PINTEREST_BOARD_URL): both policies are built once, the settings pick one per page.
  const withPins = securityHeaders(ctx, page.scriptHashes, true);
  const withoutPins = securityHeaders(ctx, page.scriptHashes, false);
  const apiHeaders = apiSecurityHeaders(withoutPins);
  const pageHeaders = (settings: SiteSettings) => (pinterestBoardUrl(settings) ? withPins : withoutPins);
  // Both guards hold for every request whatever its path: the router decodes and normalises the
  // URL before matching (`/%61pi/posts` is `/api/posts`), so a test of the raw URL can be walked around.
  const origins = allowedOrigins(ctx);
  // A callback hook, not async: reads (most requests) pass straight through.
  app.addHook("onRequest", (request, reply, done) => {
    // Fastify builds routeOptions afresh on each read: read it once.
    const route = request.routeOptions;
    // Decided on the route the router matched; anything unmatched gets the page set.
    if (route.config?.bodiless) return guard(request, route, done);
    if (route.url?.startsWith("/api/")) reply.headers(apiHeaders);
    else {
      const settings = ctx.cache.peek<SiteSettings>(SITE_SETTINGS_CACHE_KEY);
      if (settings) reply.headers(pageHeaders(settings));
      else {
        // The first page after a change: read the settings once (later requests find them cached).
        cachedSiteSettings(ctx).then(
          (loaded) => {
            reply.headers(pageHeaders(loaded));
            guard(request, route, done);
          },
          (error: Error) => done(error),
        );
        return;
      }
    }
    guard(request, route, done);
  });

  const guard = (
    request: FastifyRequest,
    route: FastifyRequest["routeOptions"],
    done: (error?: Error) => void,
  ): void => {
    // Safe methods, and a route whose credential is a secret in its URL, used without a cookie
    // (RFC 8058 one-click), pass; other cross-site writes are refused.
    const refused =
      !SAFE_METHODS.has(request.method) && !route.config?.allowCrossSite && isCrossSite(request, origins);
    done(
      refused ? new AppError(403, ERROR_CODES.crossSite, "Cross-site requests are not allowed.") : undefined,
    );
  };

  // Before any handler (Duet's or Better Auth's) sees the parsed body, query and params.
  // Every body; the address's params and query of API routes (decided on the route the router
  // matched: page routes and /uploads/* answer odd addresses with their own not-found pages).
  app.addHook("preValidation", (request, _reply, done) => {
    const api = request.routeOptions.url?.startsWith("/api/") ?? false;
    const problem =
      (api ? (inputProblem(request.params) ?? inputProblem(request.query)) : null) ??
      inputProblem(request.body);
    if (!problem) return done();
    if (problem.kind === "depth") return done(invalid("The request is nested too deeply."));
    // Named like the schemas name fields ("Subject contains characters that are not allowed.").
    const what = problem.field
      ? `${problem.field.charAt(0).toUpperCase()}${problem.field.slice(1, 40)}`
      : "The request";
    done(invalid(`${what} contains characters that are not allowed.`));
  });
}
