import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Viewer } from "../../common/types";
import { toViewer } from "../auth/auth";
import type { AppContext } from "../context";
import { forbidden, unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    viewerPromise: Promise<Viewer | null> | null;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The signed-in user of this request (memoised), or null. Costs nothing without a session cookie. */
export function getViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.viewerPromise) {
    const cookie = request.headers.cookie;
    request.viewerPromise =
      cookie && SESSION_COOKIE.test(cookie)
        ? ctx.auth.api
            .getSession({ headers: fromNodeHeaders(request.headers) })
            .then((s) => (s ? toViewer(ctx.config, s.user) : null))
            .catch(() => null)
        : Promise.resolve(null);
  }
  return request.viewerPromise;
}

export async function requireViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await getViewer(ctx, request);
  if (!viewer) throw unauthorized();
  return viewer;
}

export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(ctx, request);
  if (!viewer.isAdmin) throw forbidden("Only the blog's authors can do that.");
  return viewer;
}

/** Mount Better Auth under /api/auth/* through a web Request (STACK-NOTES: no reply.hijack). */
export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest("viewerPromise", null);
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { rateLimit: false },
    async handler(request, reply) {
      const url = new URL(request.url, ctx.config.publicUrl);
      const headers = fromNodeHeaders(request.headers);
      // Better Auth keys its rate limiter on this header: set it from the socket so nobody can spoof it.
      headers.set("x-forwarded-for", request.ip);
      headers.delete("content-length");
      const hasBody = request.method !== "GET" && request.body !== undefined && request.body !== null;
      const res = await ctx.auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(res.status);
      for (const [key, value] of res.headers) {
        if (key === "set-cookie" || key === "content-length" || key === "content-encoding") continue;
        reply.header(key, value);
      }
      const cookies = res.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      reply.header("cache-control", "no-store");
      const body = await res.text();
      return reply.send(body.length > 0 ? body : null);
    },
  });
}
