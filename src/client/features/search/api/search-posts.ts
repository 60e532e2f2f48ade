import { type InfiniteData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { search } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { Page, SearchHit } from "../../../../common/types";
import { ApiError, call } from "../../../lib/api";
import { keyedPages } from "../../../lib/typed-query";

export const fetchSearchPage = (text: string, cursor: string | null, signal?: AbortSignal) =>
  call(search, { query: { q: text, cursor }, signal });

export interface SearchResults {
  hits: SearchHit[] | undefined;
  failed: boolean;
  /** The server's reason when it refused (429: searching too quickly), else null. */
  refusal: string | null;
  /** The cursor of the page after the last one shown (the "More results" link), or null. */
  nextCursor: string | null;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
}

/** Results for normalised words, from the start or from a cursor; later pages are appended. */
export function useSearchResults(text: string, cursor: string | null): SearchResults {
  const query = useInfiniteQuery<
    Page<SearchHit>,
    Error,
    InfiniteData<Page<SearchHit>, string | null>,
    readonly unknown[],
    string | null
  >(
    keyedPages(
      queryKeys.search(text, cursor),
      ({ pageParam, signal }) => fetchSearchPage(text, pageParam, signal),
      cursor,
    ),
  );
  const hits = useMemo(() => query.data?.pages.flatMap((p) => p.items), [query.data]);
  const pages = query.data?.pages;
  return {
    hits,
    failed: !hits && query.isError,
    refusal: query.error instanceof ApiError && query.error.status === 429 ? query.error.message : null,
    nextCursor: pages?.[pages.length - 1]?.nextCursor ?? null,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: !!hits && query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
  };
}
