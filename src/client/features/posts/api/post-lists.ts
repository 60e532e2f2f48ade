import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { postsList } from "../../../../common/api";
import type { AuthorKey } from "../../../../common/limits";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPostCard, Page } from "../../../../common/types";
import { call } from "../../../lib/api";
import { keyedPages } from "../../../lib/typed-query";
import { readLocalPosts, storeLocalPosts } from "./local-posts";

type Filter = { author: AuthorKey } | { tag: string };

export const fetchPostsPage = (filter: Filter, cursor: string | null, signal?: AbortSignal) =>
  call(postsList, { query: { ...filter, cursor }, signal });

const listQueryOptions = (filter: Filter, from: string | null) =>
  keyedPages(
    "author" in filter ? queryKeys.authorPosts(filter.author, from) : queryKeys.tagPosts(filter.tag, from),
    ({ pageParam, signal }) => fetchPostsPage(filter, pageParam, signal),
    from,
  );

export type PostListState =
  | { status: "loading" }
  | { status: "ready"; posts: BlogPostCard[] }
  /** SPEC §8: the server failed, these come from local storage. */
  | { status: "fallback"; posts: BlogPostCard[] }
  | { status: "failed" };

export interface PostList {
  state: PostListState;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
  /** The cursor of the next older page (the Load more link's `?cursor=`), null on the last page. */
  nextCursor: string | null;
}

/**
 * A paginated list of cards (newest first), with the local-storage fallback of SPEC §3/§8, from
 * the start or from `from` (the `?cursor=` of an older page reached without JavaScript).
 */
export function usePostList(filter: Filter, from: string | null = null): PostList {
  const query = useInfiniteQuery<
    Page<BlogPostCard>,
    Error,
    InfiniteData<Page<BlogPostCard>, string | null>,
    readonly unknown[],
    string | null
  >(listQueryOptions(filter, from));
  const posts = useMemo(() => query.data?.pages.flatMap((p) => p.items), [query.data]);

  useEffect(() => {
    if (posts) storeLocalPosts(posts);
  }, [posts]);

  const key = "author" in filter ? `a:${filter.author}` : `t:${filter.tag}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is captured by its key.
  const state = useMemo<PostListState>(() => {
    if (posts) return { status: "ready", posts };
    if (!query.isError) return { status: "loading" };
    const local = readLocalPosts()?.filter((p) =>
      "author" in filter ? p.author === filter.author : p.hashtags?.includes(filter.tag),
    );
    return local && local.length > 0 ? { status: "fallback", posts: local } : { status: "failed" };
  }, [posts, query.isError, key]);

  return {
    state,
    hasMore: !!posts && query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: !!posts && query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
    nextCursor: query.data?.pages.at(-1)?.nextCursor ?? null,
  };
}
