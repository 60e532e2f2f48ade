import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  AUTHORS,
  type AuthorKey,
  HASHTAG_MAX_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
} from "../../common/limits";
import { canReadPost } from "../../common/policies";
import { normaliseTagParam } from "../../common/rules/hashtag-link";
import type { BlogPost, BlogPostCard, Page, Viewer } from "../../common/types";
import { type CachedBody, sendCached, toCachedBody } from "../cache";
import type { AppContext } from "../context";
import { badRequest, notFound } from "../errors";
import { getViewer } from "../plugins/auth";
import { parse } from "../validate";
import { type Cursor, decodeCursor, getPost, getPublicPost, listPosts } from "./posts.repository";

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;

export const PostListQuerySchema = z.strictObject({
  author: z.enum(AUTHORS, { message: "author must be 'him' or 'her'." }).optional(),
  tag: z
    .string({ message: "tag must be text." })
    .max(HASHTAG_MAX_LENGTH * 2, `tag must be at most ${HASHTAG_MAX_LENGTH} characters.`)
    .optional(),
  limit: z
    .string({ message: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(PAGE_SIZE_MAX, LIMIT_MESSAGE))
    .optional(),
  cursor: z.string({ message: "cursor is not valid." }).max(200, "cursor is not valid.").optional(),
});

export interface PostListRequest {
  author?: AuthorKey;
  tag?: string;
  limit: number;
  cursor: Cursor | null;
  /** Cache key, the same for every spelling of the same request. */
  key: string;
}

/** Validate a list query (also used by the page shell and feeds). Throws a 400 AppError. */
export function parsePostListQuery(query: unknown): PostListRequest {
  const q = parse(PostListQuerySchema, query ?? {});
  let tag: string | undefined;
  if (q.tag !== undefined) {
    const normalised = normaliseTagParam(q.tag);
    if (!normalised)
      throw badRequest(`tag must be 1 to ${HASHTAG_MAX_LENGTH} characters.`, "VALIDATION_ERROR");
    tag = normalised;
  }
  let cursor: Cursor | null = null;
  if (q.cursor !== undefined) {
    cursor = decodeCursor(q.cursor);
    if (!cursor) throw badRequest("cursor is not valid.", "VALIDATION_ERROR");
  }
  const limit = q.limit ?? PAGE_SIZE_DEFAULT;
  return {
    author: q.author,
    tag,
    limit,
    cursor,
    key: `posts|${q.author ?? ""}|${tag ?? ""}|${limit}|${q.cursor ?? ""}`,
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
export async function cachedPost(
  ctx: AppContext,
  id: string,
): Promise<{ post: BlogPost; body: CachedBody } | null> {
  const key = `post|${id}`;
  const hit = ctx.cache.get<{ post: BlogPost; body: CachedBody }>(key);
  if (hit) return hit;
  const version = ctx.cache.version;
  const post = await getPublicPost(ctx.db, id, ctx.now());
  if (!post) return null;
  const entry = { post, body: toCachedBody(JSON.stringify(post), JSON_TYPE) };
  if (version === ctx.cache.version) ctx.cache.set(key, entry);
  return entry;
}

/**
 * A post as this viewer may read it: public posts from the cache; a draft or scheduled post only
 * for its author (preview), never cached; otherwise null (a 404 for everyone else).
 */
export async function readPost(
  ctx: AppContext,
  id: string,
  viewer: Viewer | null,
): Promise<{ post: BlogPost; body: CachedBody; isPublic: boolean } | null> {
  const entry = await cachedPost(ctx, id);
  if (entry) return { ...entry, isPublic: true };
  if (!viewer?.isAdmin) return null;
  const now = ctx.now();
  const post = await getPost(ctx.db, id, now);
  if (!post || !canReadPost(viewer, post, now)) return null;
  return { post, body: toCachedBody(JSON.stringify(post), JSON_TYPE), isPublic: false };
}

/** Private answers (an author's preview of a draft) are never stored by a shared cache. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export async function registerPostsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/posts", async (request, reply) => {
    // Fast path: this exact URL was answered since the last write.
    const urlKey = `url|${request.url}`;
    const known = ctx.cache.get<CachedBody>(urlKey);
    if (known) return sendCached(request, reply, known, API_READ_CACHE_CONTROL);
    const version = ctx.cache.version;
    const { body } = await cachedPostList(ctx, parsePostListQuery(request.query));
    if (version === ctx.cache.version) ctx.cache.set(urlKey, body);
    return sendCached(request, reply, body, API_READ_CACHE_CONTROL);
  });

  app.get<{ Params: { id: string } }>("/api/posts/:id", async (request, reply) => {
    const entry = await readPost(ctx, request.params.id, await getViewer(ctx, request));
    if (!entry) throw notFound("post");
    return sendCached(
      request,
      reply,
      entry.body,
      entry.isPublic ? API_READ_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
    );
  });

  if (ctx.config.benchCeiling) {
    // The benchmark's ceiling: a prebuilt body of the requested size through the same pipeline.
    const bodies = new Map<number, Buffer>();
    app.get<{ Querystring: { bytes?: string } }>("/api/bench/ceiling", async (request, reply) => {
      const bytes = Math.min(Math.max(Number(request.query.bytes) || 1024, 1), 1 << 20);
      let body = bodies.get(bytes);
      if (!body) {
        body = Buffer.alloc(bytes, 0x61);
        bodies.set(bytes, body);
      }
      return reply.header("content-type", JSON_TYPE).send(body);
    });
  }
}
