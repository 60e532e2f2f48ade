import { useQuery } from "@tanstack/react-query";
import { postReading } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { ApiError, call } from "../../../lib/api";
import { keyedQuery } from "../../../lib/typed-query";

/**
 * Reading time, author and previous/next post of a post page. The server inlines it with the
 * post; after an in-app navigation it loads at the same time as the post (not after it), and the
 * page shows the post without it until it comes.
 */
export function usePostReading(id: string | undefined) {
  return useQuery({
    ...keyedQuery(queryKeys.postReading(id ?? ""), ({ signal }) =>
      call(postReading, { params: { id: id! }, signal }),
    ),
    enabled: !!id,
    // Not found is final (the post page says so); a server failure is tried once more.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
