import type { PostStatus } from "../limits";

/**
 * The one rule of who sees a post: a post is public when it is not a draft and its
 * publish time (`date`) has come. A scheduled post is therefore public from its time on, whether
 * or not the scheduler has run yet. The server's SQL form of it is `publicPostsWhere` in
 * src/server/content/visibility.ts; a test keeps the two in agreement.
 */
export interface VisibilityFields {
  status: PostStatus;
  date: Date | string;
}

const time = (d: Date | string): number => (d instanceof Date ? d.getTime() : Date.parse(d));

export function isPostPublic(post: VisibilityFields, now: Date): boolean {
  return post.status !== "draft" && time(post.date) <= now.getTime();
}

/** The status a person sees: a scheduled post whose time has come is published. */
export function effectiveStatus(post: VisibilityFields, now: Date): PostStatus {
  if (post.status === "draft") return "draft";
  return time(post.date) <= now.getTime() ? "published" : "scheduled";
}
