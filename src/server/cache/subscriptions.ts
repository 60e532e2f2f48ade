import { threadsKeyPrefix } from "../comments/comments.reads";
import { postKey } from "../posts/posts.reads";

/**
 * What the public content cache drops on each domain event (the `cache` subscriber of
 * server/subscribers.ts). Keys are `{kind}|…` (posts.routes.ts, post-reading.routes.ts, search,
 * feeds, settings, page-shell.ts)
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
