import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { postBySlug, postRead, postsList } from "../../common/api";
import { route } from "../api/route";
import { API_READ_CACHE_CONTROL, type CachedBody, SELF_COMPRESSED, sendCached } from "../cache/http-body";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { getViewer } from "../plugins/viewer";
import {
  type CachedPostEntry,
  cachedPostList,
  parsePostListQuery,
  postKey,
  readPost,
  readPostByAddress,
} from "./posts.reads";

/** Private answers (an author's preview of a draft) are never stored by a shared cache. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** A read about one post, or 404: public answers revalidate, an author's preview is never stored. */
export function sendPostRead(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: { body: CachedBody; isPublic: boolean } | null,
): FastifyReply {
  if (!entry) throw notFound("post");
  return sendCached(
    request,
    reply,
    entry.body,
    entry.isPublic ? API_READ_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
  );
}

export async function registerPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The hottest reads answer a cached body in the request's own tick (no await per layer); a miss
  // takes the async path that loads it.
  const HOT = { ...SELF_COMPRESSED, validateInHandler: true } as const;
  route(app, postsList, HOT, (request, reply) => {
    // Keyed by the exact URL first, so a repeated request skips parsing too.
    const key = `url|${request.url}`;
    const hit = ctx.cache.hit<CachedBody>(key);
    if (hit) return sendCached(request, reply, hit, API_READ_CACHE_CONTROL);
    return ctx.cache
      .getOrLoad(key, async () => (await cachedPostList(ctx, parsePostListQuery(request.query))).body)
      .then((body) => sendCached(request, reply, body, API_READ_CACHE_CONTROL));
  });

  route(app, postRead, HOT, (request, reply) => {
    const hit = ctx.cache.hit<CachedPostEntry>(postKey(request.params.id));
    if (hit) return sendCached(request, reply, hit.body, API_READ_CACHE_CONTROL);
    return readPost(ctx, request.params.id, () => getViewer(ctx, request)).then((entry) =>
      sendPostRead(request, reply, entry),
    );
  });

  // The post at `/post/{slug}`: by its slug or an earlier one (the answer's `slug` is the current
  // one); ids stay the API's names for posts (docs/decisions/0033-post-addresses.md).
  route(app, postBySlug, HOT, (request, reply) =>
    readPostByAddress(ctx, request.params.slug, () => getViewer(ctx, request)).then((entry) =>
      sendPostRead(request, reply, entry),
    ),
  );
}
