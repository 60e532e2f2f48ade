import { isPostPublic } from "../../common/rules/post-visibility";
import { PageQuerySchema } from "../../common/schemas/page-query";
import type { Viewer } from "../../common/types";
import { findPostVisibility } from "../content/visibility";
import type { AppContext } from "../context";
import { type PageRequest, pageRequest } from "../pagination";
import { conversationOf } from "../takes/takes.reads";
import { parse } from "../validate";
import { listComments } from "./comments.repository";
import { remoteWritersOf } from "./remote-writers";
import { presentThreads } from "./threads";

/** The comments' cached reads and their keys (the API routes and the server renderer use them). */

export const COMMENTS_PAGE_SIZE = 20;

/** A public post's threads (one page), or null when the post is not public. */
async function loadThreads(ctx: AppContext, id: string, page: PageRequest) {
  const authors = [ctx.config.authorEmails.him, ctx.config.authorEmails.her];
  const post = await findPostVisibility(ctx.db, id);
  if (!post || !isPostPublic(post, ctx.now())) return null;
  const threads = await listComments(ctx.db, authors, { id, author: post.author }, page);
  // Replies from the social web show their writer's profile link and avatar (our copy).
  threads.remote = await remoteWritersOf(ctx.db, [...threads.top, ...threads.replies]);
  return { author: post.author, page: threads };
}

/** Every cached page of a post's threads starts with this (cache/subscriptions.ts drops them). */
export const threadsKeyPrefix = (postId: string) => `comments:${postId}:`;

/**
 * A public post's threads (one page), or null when the post is not public. The first page is read
 * often: the content cache keeps it whole (hidden and held comments included) and each viewer
 * gets what they may see (presentThreads).
 */
export async function cachedThreads(ctx: AppContext, postId: string, page: PageRequest) {
  const id = (await conversationOf(ctx, postId)) ?? postId;
  const load = () => loadThreads(ctx, id, page);
  if (page.cursor) return load();
  return ctx.cache.getOrLoad(`${threadsKeyPrefix(id)}${page.limit}`, load, (loaded) => loaded !== null);
}

/** The first page of a public post's comments as this viewer gets it from the API (the page shell inlines it). */
export async function firstCommentsFor(ctx: AppContext, id: string, viewer: Viewer | null) {
  const found = await cachedThreads(ctx, id, pageRequest(parse(PageQuerySchema, {}), COMMENTS_PAGE_SIZE));
  return found ? presentThreads(found.page, viewer, { author: found.author }) : null;
}
