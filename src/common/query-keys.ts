/**
 * TanStack Query keys shared by the client's fetchers and the server's page shell, which inlines
 * the first page of data under the same key so a page paints without a request.
 * List queries are infinite queries: their cached data is `{ pages: Page<BlogPostCard>[], pageParams }`.
 */
export const queryKeys = {
  /** Every list of posts (both blogs, every tag): what a post write makes stale. */
  postLists: ["posts"] as const,
  authorPosts: (author: "him" | "her") => ["posts", "author", author] as const,
  tagPosts: (tag: string) => ["posts", "tag", tag] as const,
  /**
   * Search results for normalised words, from the start or from a later page's cursor (its link
   * works without JavaScript). Under "posts": a post write makes them stale too.
   */
  search: (q: string, cursor: string | null) => ["posts", "search", q, cursor ?? ""] as const,
  /** The latest posts of both blogs (home): under `posts`, so a post write makes it stale too. */
  latestPosts: ["posts", "latest"] as const,
  post: (id: string) => ["post", id] as const,
  /** Which post `/post/{address}` names (a slug, an earlier slug or an id): `{ id, slug }` or null. */
  postAt: (address: string) => ["post-at", address] as const,
  /** Reading time, author and neighbours of a post (the post page). */
  postReading: (id: string) => ["post", id, "reading"] as const,
  comments: (postId: string) => ["comments", postId] as const,
  likeState: (postId: string) => ["like", postId] as const,
  /** The signed-in author's blocked readers (the studio's list). */
  blockedReaders: ["blocks"] as const,
};

/**
 * Every post's reading data: a post write or an author's profile change makes it stale (reading
 * time, neighbours and author all come from other rows than the post itself).
 */
export const isPostReadingKey = (key: readonly unknown[]): boolean =>
  key[0] === "post" && key[2] === "reading";

/** The shape an infinite list query holds in the cache, for inlining its first page. */
export const firstPageOf = <T>(page: T) => ({ pages: [page], pageParams: [null] });
