import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import type { BlogPostCard, Page } from "../../../../common/types";
import { api } from "../../../lib/api";

export const ownPostsQueryKey = ["studio", "own-posts"] as const;

/** 'Your posts': the signed-in author's drafts, scheduled and published posts, newest first. */
export function useOwnPosts() {
  return useInfiniteQuery<
    Page<BlogPostCard>,
    Error,
    InfiniteData<Page<BlogPostCard>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: ownPostsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api<Page<BlogPostCard>>(`/api/me/posts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`, {
        signal,
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
