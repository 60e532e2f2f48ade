import { PAGE_SIZE_DEFAULT } from "../../common/limits";
import { canReadPost } from "../../common/policies";
import { readingMinutes } from "../../common/rules/reading-time";
import { PostListQuerySchema } from "../../common/schemas/post";
import type {
  BlogPost,
  BlogPostCard,
  Page,
  PairReading,
  PairTake,
  PostReading,
  Viewer,
} from "../../common/types";
import { cachedAuthorProfile } from "../authors/authors.reads";
import { type CachedBody, JSON_TYPE, toCachedBody } from "../cache/http-body";
import { shareOpens, shareStateOf, writerRole } from "../content/post-access";
import { resolvePostAddress } from "../content/slugs";
import type { AppContext } from "../context";
import { pageRequest } from "../pagination";
import { revealedPairOf, sealedTakeIds } from "../takes/takes.reads";
import { parse } from "../validate";
import { findNeighbours } from "./neighbours.repository";
import { postMentions } from "./post-mentions";
import { getPost, getPublicPost, type ListFilter, listPosts } from "./posts.repository";
import { blueskyReactions, socialWebReactions } from "./social-web-reactions";

/**
 * The posts' cached reads and their keys: the API routes and the server renderer
 * (page-loaders.ts, shell/post-page.ts) read posts only through these.
 */

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
export type CachedPostEntry = { post: BlogPost; body: CachedBody };
export const postKey = (id: string) => `post|${id}`;

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
  // Decision 0050: the partner of a shared draft reads it too, to write it.
  if (!post) return null;
  if (!canReadPost(viewer, post, now) && (await writerRole(ctx.db, id, viewer, now)) !== "partner")
    return null;
  return { post, body: toCachedBody(JSON.stringify(post), JSON_TYPE), isPublic: false };
}

async function loadReading(ctx: AppContext, post: BlogPost, isPublic: boolean): Promise<PostReading> {
  const [author, neighbours, socialWeb, bluesky, pair, mentions, sealed] = await Promise.all([
    cachedAuthorProfile(ctx, post.author),
    findNeighbours(ctx.db, post, ctx.now()),
    socialWebReactions(ctx.db, post.id),
    blueskyReactions(ctx.db, post.id),
    loadPair(ctx, post),
    // Only a public post is mentioned (a draft's or a sealed take's preview shows none).
    isPublic ? postMentions(ctx.db, post.id) : [],
    // The author's preview says when Publish would only be refused (decision 0046).
    isPublic ? new Set<string>() : sealedTakeIds(ctx.db, [post.id]),
  ]);
  return {
    postId: post.id,
    readingMinutes: readingMinutes(post.content),
    author,
    ...neighbours,
    socialWeb,
    ...(bluesky ? { bluesky } : {}),
    // Only a take of a revealed pair carries it: every other post's answer stays as it was.
    ...(pair ? { pair } : {}),
    ...(mentions.length > 0 ? { mentions } : {}),
    ...(sealed.has(post.id) ? { sealedTake: true as const } : {}),
  };
}

/** Both takes of a revealed two-takes post, each as readers may read it (decision 0046). */
async function loadPair(ctx: AppContext, post: BlogPost): Promise<PairReading | null> {
  const pair = await revealedPairOf(ctx.db, post.id);
  if (!pair) return null;
  const now = ctx.now();
  const takes: PairTake[] = [];
  for (const id of pair.takeIds) {
    const take = id === post.id ? post : await getPublicPost(ctx.db, id, now);
    if (take) takes.push({ post: take, author: await cachedAuthorProfile(ctx, take.author) });
  }
  return { id: pair.id, topic: pair.topic, prompt: pair.prompt, takes };
}

/** A preview's sharing (decision 0050): the owner's "shared", or the partner's "let in". */
async function shareOf(
  ctx: AppContext,
  post: BlogPost,
  viewer: Viewer | null,
): Promise<Pick<PostReading, "share">> {
  const state = await shareStateOf(ctx.db, post.id);
  if (!state?.shared) return {};
  if (viewer?.authorKey === post.author) return { share: "owner" };
  return shareOpens(state, ctx.now()) ? { share: "partner" } : {};
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
    const reading = {
      ...(await loadReading(ctx, entry.post, false)),
      ...(await shareOf(ctx, entry.post, viewer)),
    };
    return { reading, body: toCachedBody(JSON.stringify(reading), JSON_TYPE), isPublic: false };
  }
  const cached = await ctx.cache.getOrLoad(`post-reading|${id}`, async () => {
    const reading = await loadReading(ctx, entry.post, true);
    return { reading, body: toCachedBody(JSON.stringify(reading), JSON_TYPE) };
  });
  return { ...cached, isPublic: true };
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
