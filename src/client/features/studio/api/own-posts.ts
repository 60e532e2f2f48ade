import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import type { OwnPostFilter } from "../../../../common/schemas/own-posts";
import type { BlogPostCard, Page } from "../../../../common/types";
import { api } from "../../../lib/api";

/** Every filter's list of the author's own posts (what a restore or a demo removal makes stale). */
export const ownPostsQueryKey = ["posts", "own"] as const;

/** The signed-in author's posts, newest first, one status (or all) and words of the title. */
export function useOwnPosts(status: OwnPostFilter = "all", q = "") {
  return useInfiniteQuery<
    Page<BlogPostCard>,
    Error,
    InfiniteData<Page<BlogPostCard>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: queryKeys.ownPosts(status, q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status !== "all") params.set("status", status);
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return api<Page<BlogPostCard>>(`/api/me/posts${query ? `?${query}` : ""}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    // A new filter keeps the last list on screen until its answer comes (no jump to "Loading").
    placeholderData: (previous) => previous,
  });
}
