import type { DataTag, InfiniteData, QueryFunctionContext } from "@tanstack/react-query";
import type { Page } from "../../common/types";

/**
 * Query options whose fetcher must return what the key holds (common/query-keys.ts): the same
 * type the server's page shell inlines under that key. Spread into useQuery.
 */
export function keyedQuery<T>(
  queryKey: DataTag<readonly unknown[], T>,
  queryFn: (context: QueryFunctionContext<readonly unknown[]>) => Promise<NoInfer<T>>,
) {
  return { queryKey, queryFn };
}

/** The same for an infinite list: each page the fetcher loads is one of the key's pages. */
export function keyedPages<T>(
  queryKey: DataTag<readonly unknown[], InfiniteData<Page<T>, string | null>>,
  queryFn: (context: QueryFunctionContext<readonly unknown[], string | null>) => Promise<Page<NoInfer<T>>>,
  initialPageParam: string | null = null,
) {
  return {
    queryKey,
    queryFn,
    initialPageParam,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  };
}
