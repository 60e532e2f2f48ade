import type { DataTag, InfiniteData } from "@tanstack/react-query";
import type { Comment } from "./engagement";
import type { SitePage } from "./site-pages";
import type {
  BlogPost,
  BlogPostCard,
  InlinedQuery,
  Page,
  PostAddress,
  PostReading,
  SearchHit,
} from "./types";

/**
 * The query registry: TanStack Query keys shared by the client's fetchers and the server's page
 * shell, which inlines the first page of data under the same key so a page paints without a
 * request. Each key carries the type of its data (a TanStack `DataTag`): the server's
 * `inlineQuery` (shell) and the client's `keyedQuery`/`keyedPages` (lib/typed-query.ts) only
 * type-check when they agree on it.
 */
type Keyed<T> = DataTag<readonly unknown[], T>;
const keyed = <T>(key: readonly unknown[]) => key as Keyed<T>;

/** What an infinite list holds: its pages and the cursor each was loaded from. */
export type Pages<T> = InfiniteData<Page<T>, string | null>;

/** A query for the page shell to inline: its data must be what the key holds. */
export const inlineQuery = <T>(key: Keyed<T>, data: NoInfer<T>): InlinedQuery => [[...key], data];

export const queryKeys = {
  /** Every list of posts (both blogs, every tag): what a post write makes stale. */
  postLists: ["posts"] as const,
  /** A blog's posts from the start, or from an older page's cursor (its link works without JavaScript). */
  authorPosts: (author: "him" | "her", from: string | null = null) =>
    keyed<Pages<BlogPostCard>>(["posts", "author", author, ...(from ? [from] : [])]),
  tagPosts: (tag: string, from: string | null = null) =>
    keyed<Pages<BlogPostCard>>(["posts", "tag", tag, ...(from ? [from] : [])]),
  /**
   * Search results for normalised words, from the start or from a later page's cursor (its link
   * works without JavaScript). Under "posts": a post write makes them stale too.
   */
  search: (q: string, cursor: string | null) => keyed<Pages<SearchHit>>(["posts", "search", q, cursor ?? ""]),
  /** The latest posts of both blogs (home): under `posts`, so a post write makes it stale too. */
  latestPosts: keyed<Page<BlogPostCard>>(["posts", "latest"]),
  /**
   * The studio's Posts page (an author's own posts by status and title words): under `posts`, so
   * every publish, save, unpublish or delete refreshes it at once.
   */
  ownPosts: (status: string, q: string) => ["posts", "own", status, q] as const,
  /** A post, or null when there is none (404: the server inlines that null too). */
  post: (id: string) => keyed<BlogPost | null>(["post", id]),
  /** Which post `/post/{address}` names (a slug, an earlier slug or an id), or null. */
  postAt: (address: string) => keyed<PostAddress | null>(["post-at", address]),
  /** Reading time, author and neighbours of a post (the post page). */
  postReading: (id: string) => keyed<PostReading>(["post", id, "reading"]),
  comments: (postId: string) => keyed<Pages<Comment>>(["comments", postId]),
  likeState: (postId: string) => ["like", postId] as const,
  /** The signed-in author's blocked readers (the studio's list). */
  blockedReaders: ["blocks"] as const,
  /** The signed-in author's social-web account and followers (the Audience page). */
  socialWeb: ["social-web"] as const,
  /** A page the authors wrote, by its address. */
  /** A page (About, Privacy…) by its address, or null when there is none. */
  sitePage: (slug: string) => keyed<SitePage | null>(["site-page", slug]),
};

/**
 * Every post's reading data: a post write or an author's profile change makes it stale (reading
 * time, neighbours and author all come from other rows than the post itself).
 */
export const isPostReadingKey = (key: readonly unknown[]): boolean =>
  key[0] === "post" && key[2] === "reading";

/** The shape an infinite list query holds in the cache, for inlining its first page. */
export const firstPageOf = <T>(page: Page<T>, cursor: string | null = null): Pages<T> => ({
  pages: [page],
  pageParams: [cursor],
});
