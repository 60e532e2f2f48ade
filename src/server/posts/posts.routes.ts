import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { canReadPost } from "../../common/policies";
import { PostListQuerySchema } from "../../common/schemas/post";
import type { BlogPost, BlogPostCard, Page, Viewer } from "../../common/types";
import { type CachedBody, SELF_COMPRESSED, sendCached, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { pageRequest } from "../pagination";
import { getViewer } from "../plugins/auth";
import { parse } from "../validate";
import { getPost, getPublicPost, type ListFilter, listPosts } from "./posts.repository";
import { resolvePostAddress } from "./slugs";

export interface PostListRequest extends ListFilter {
  /** Cache key, the same for every spelling of the same request. */
  key: string;
}

/** Validate a list query (also used by the page shell). Throws a 400 AppError. */
export function parsePostListQuery(query: unknown): PostListRequest {
  const q = parse(PostListQuerySchema, query ?? {});
  const page = pageRequest(q, PAGE_SIZE_DEFAULT);
  return {
    author: q.author,
    tag: q.tag,
    ...page,
    key: `posts|${q.author ?? ""}|${q.tag ?? ""}|${page.limit}|${q.cursor ?? ""}`,
  };
}

const JSON_TYPE = "application/json; charset=utf-8";
// Public data, the same for everyone; revalidated with the ETag on every use.
export const API_READ_CACHE_CONTROL = "public, no-cache";

/** A list page from the content cache (loaded once per data version). */
export function cachedPostList(
  ctx: AppContext,
  req: PostListRequest,
): Promise<{ page: Page<BlogPostCard>; body: CachedBody }> {
  return ctx.cache.getOrLoad(req.key, async () => {
    const page = await listPosts(ctx.db, req, ctx.now());
    return { page, body: toCachedBody(JSON.stringify(page), JSON_TYPE) };
  });
}

/**
 * One public post from the content cache, or null (unknown ids are not cached: anyone can invent
 * them). Drafts and scheduled posts are never in the cache: the publishing timer drops the cache
 * when a scheduled post's time comes.
 */
type CachedPostEntry = { post: BlogPost; body: CachedBody };
const postKey = (id: string) => `post|${id}`;

export function cachedPost(ctx: AppContext, id: string): Promise<CachedPostEntry | null> {
  return ctx.cache.getOrLoad(
    postKey(id),
    async () => {
      const post = await getPublicPost(ctx.db, id, ctx.now());
      return post ? { post, body: toCachedBody(JSON.stringify(post), JSON_TYPE) } : null;
    },
    (entry) => entry !== null,
  );
}

/**
 * A post as this viewer may read it: public posts from the cache; a draft or scheduled post only
 * for its author (preview), never cached; otherwise null (a 404 for everyone else).
 */
export async function readPost(
  ctx: AppContext,
  id: string,
  viewer: Viewer | null | (() => Promise<Viewer | null>),
): Promise<{ post: BlogPost; body: CachedBody; isPublic: boolean } | null> {
  const entry = await cachedPost(ctx, id);
  if (entry) return { ...entry, isPublic: true };
  // Who asks matters only for a post that is not public (an author's preview): looked up then.
  if (typeof viewer === "function") viewer = await viewer();
  if (!viewer?.isAdmin) return null;
  const now = ctx.now();
  const post = await getPost(ctx.db, id, now);
  if (!post || !canReadPost(viewer, post, now)) return null;
  return { post, body: toCachedBody(JSON.stringify(post), JSON_TYPE), isPublic: false };
}

/**
 * A post by the address in `/post/{address}`: its slug, an earlier slug, or its id (SPEC §2's
 * `/post/{postId}`), as this viewer may read it. The caller compares `post.slug` with the address
 * to redirect to the current one. Unknown addresses are not cached (anyone can invent them).
 */
export async function readPostByAddress(
  ctx: AppContext,
  address: string,
  viewer: Viewer | null | (() => Promise<Viewer | null>),
): Promise<{ post: BlogPost; body: CachedBody; isPublic: boolean } | null> {
  const target = await postAt(ctx, address);
  return target ? readPost(ctx, target.id, viewer) : null;
}

/** Which post an address names (cached until the next write; unknown addresses are not kept). */
export const postAt = (ctx: AppContext, address: string) =>
  ctx.cache.getOrLoad(
    `address|${address}`,
    () => resolvePostAddress(ctx.db, address),
    (found) => found !== null,
  );

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
  app.get("/api/posts", SELF_COMPRESSED, (request, reply) => {
    // Keyed by the exact URL first, so a repeated request skips parsing too.
    const key = `url|${request.url}`;
    const hit = ctx.cache.hit<CachedBody>(key);
    if (hit) return sendCached(request, reply, hit, API_READ_CACHE_CONTROL);
    return ctx.cache
      .getOrLoad(key, async () => (await cachedPostList(ctx, parsePostListQuery(request.query))).body)
      .then((body) => sendCached(request, reply, body, API_READ_CACHE_CONTROL));
  });

  app.get<{ Params: { id: string } }>("/api/posts/:id", SELF_COMPRESSED, (request, reply) => {
    const hit = ctx.cache.hit<CachedPostEntry>(postKey(request.params.id));
    if (hit) return sendCached(request, reply, hit.body, API_READ_CACHE_CONTROL);
    return readPost(ctx, request.params.id, () => getViewer(ctx, request)).then((entry) =>
      sendPostRead(request, reply, entry),
    );
  });

  // The post at `/post/{slug}`: by its slug or an earlier one (the answer's `slug` is the current
  // one); ids stay the API's names for posts (docs/decisions/0033-post-addresses.md).
  app.get<{ Params: { slug: string } }>("/api/posts/by-slug/:slug", SELF_COMPRESSED, (request, reply) =>
    readPostByAddress(ctx, request.params.slug, () => getViewer(ctx, request)).then((entry) =>
      sendPostRead(request, reply, entry),
    ),
  );
}
