import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { ownPosts } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { OwnPostFilter } from "../../../../common/schemas/own-posts";
import type { OwnPostCard, Page } from "../../../../common/types";
import { call } from "../../../lib/api";

/** Every filter's list of the author's own posts (what a restore or a demo removal makes stale). */
export const ownPostsQueryKey = ["posts", "own"] as const;

/** The signed-in author's posts, newest first, one status (or all) and words of the title. */
export function useOwnPosts(status: OwnPostFilter = "all", q = "") {
  return useInfiniteQuery<
    Page<OwnPostCard>,
    Error,
    InfiniteData<Page<OwnPostCard>, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: queryKeys.ownPosts(status, q),
    queryFn: ({ pageParam, signal }) => {
      const query = { status: status === "all" ? undefined : status, q: q || undefined, cursor: pageParam };
      return call(ownPosts, { query, signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    // A new filter keeps the last list on screen until its answer comes (no jump to "Loading").
    placeholderData: (previous) => previous,
  });
}
