import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { Viewer } from "../../common/types";
import { toViewer } from "../auth/viewer.reads";
import type { AppContext } from "../context";

// Who is asking, for every route and page: apart from the Better Auth bridge (auth.ts), so that
// reading the viewer loads neither the bridge nor its endpoint table.

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
