import type { FastifyInstance } from "fastify";
import { readingMinutes } from "../../common/rules/reading-time";
import type { BlogPost, PostReading, Viewer } from "../../common/types";
import { cachedAuthorProfile } from "../authors/author-profiles.routes";
import { type CachedBody, SELF_COMPRESSED, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { socialWebReactions } from "../fediverse/reactions";
import { getViewer } from "../plugins/auth";
import { findNeighbours } from "./neighbours.repository";
import { readPost, sendPostRead } from "./posts.routes";

const JSON_TYPE = "application/json; charset=utf-8";

async function loadReading(ctx: AppContext, post: BlogPost): Promise<PostReading> {
  const [author, neighbours, socialWeb] = await Promise.all([
    cachedAuthorProfile(ctx, post.author),
    findNeighbours(ctx.db, post, ctx.now()),
    socialWebReactions(ctx.db, post.id),
  ]);
  return { postId: post.id, readingMinutes: readingMinutes(post.content), author, ...neighbours, socialWeb };
}

/**
 * What the post page shows around a post, for this viewer, or null when they may not read it.
 * A public post's answer is cached like the post (every write and profile change drops it); an
 * author's preview of a draft is computed each time and never cached.
 */
export async function readPostReading(
  ctx: AppContext,
  id: string,
  viewer: Viewer | null,
): Promise<{ reading: PostReading; body: CachedBody; isPublic: boolean } | null> {
  const entry = await readPost(ctx, id, viewer);
  if (!entry) return null;
  if (!entry.isPublic) {
    const reading = await loadReading(ctx, entry.post);
    return { reading, body: toCachedBody(JSON.stringify(reading), JSON_TYPE), isPublic: false };
  }
  const cached = await ctx.cache.getOrLoad(`post-reading|${id}`, async () => {
    const reading = await loadReading(ctx, entry.post);
    return { reading, body: toCachedBody(JSON.stringify(reading), JSON_TYPE) };
  });
  return { ...cached, isPublic: true };
}

export async function registerPostReadingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** GET /api/posts/:id/reading: reading time, author and previous/next post (PostReading). */
  app.get<{ Params: { id: string } }>("/api/posts/:id/reading", SELF_COMPRESSED, async (request, reply) => {
    return sendPostRead(
      request,
      reply,
      await readPostReading(ctx, request.params.id, await getViewer(ctx, request)),
    );
  });
}
