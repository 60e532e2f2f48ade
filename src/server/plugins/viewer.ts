import type { IncomingHttpHeaders } from "node:http";
import type { FastifyRequest } from "fastify";
import type { Viewer } from "../../common/types";
import { toViewer } from "../auth/viewer.reads";
import type { AppContext } from "../context";

// Who is asking, for every route and page: apart from the Better Auth bridge (auth-bridge.ts), so
// that reading the viewer loads neither the bridge nor its endpoint table, and Better Auth only
// for a request that carries a session cookie (ctx.auth loads it on first use).

declare module "fastify" {
  interface FastifyRequest {
    viewerPromise: Promise<Viewer | null> | null;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** A request's headers as a web Headers (what Better Auth reads), every value of a repeated one kept. */
export function webHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else if (value !== undefined) out.set(name, value);
  }
  return out;
}

/** The signed-in user of this request (memoised), or null. Costs nothing without a session cookie. */
export function getViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  if (!request.viewerPromise) {
    const cookie = request.headers.cookie;
    request.viewerPromise =
      cookie && SESSION_COOKIE.test(cookie)
        ? ctx.auth
            .load()
            .then((auth) => auth.api.getSession({ headers: webHeaders(request.headers) }))
            .then((s) => (s ? toViewer(ctx.config, s.user) : null))
            .catch(() => null)
        : Promise.resolve(null);
  }
  return request.viewerPromise;
}
