import { threadsKeyPrefix } from "../comments/comments.reads";
import type { AppContext } from "../context";
import { postKey } from "../posts/posts.reads";

/**
 * What the public content cache drops on each domain event (server/events.ts). Keys are
 * `{kind}|…` (posts.routes.ts, post-reading.routes.ts, search, feeds, settings, page-shell.ts)
 * and `comments:{postId}:…` (comments.routes.ts).
 */

/** A like changes one post's count, which every copy of that post and every card carries. */
export const likeKeys = (postId: string): string[] => [
  postKey(postId),
  "post-reading|",
  "posts|",
  "url|",
  "search|",
  "page|",
];

/** A comment changes its post's threads and the server-rendered post page (first comments inlined). */
export const commentKeys = (postId: string): string[] => [threadsKeyPrefix(postId), "page|"];

export function subscribeContentCache(ctx: Pick<AppContext, "cache" | "events">): void {
  const { cache, events } = ctx;
  // Another process's change was already dropped here by cache/notify.ts.
  events.on("contentChanged", ({ remote }) => {
    if (!remote) cache.invalidate();
  });
  events.on("settingsChanged", () => cache.invalidate());
  events.on("likeChanged", ({ postId }) => cache.invalidatePrefixes(likeKeys(postId)));
  events.on("commentCreated", ({ comment }) => cache.invalidatePrefixes(commentKeys(comment.postId)));
  events.on("commentChanged", ({ postId }) => cache.invalidatePrefixes(commentKeys(postId)));
}
