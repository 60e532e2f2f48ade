import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import type { PostReading } from "../../../../common/types";
import { api } from "../../../lib/api";

/**
 * Reading time, author and previous/next post of a post page. The server inlines it with the
 * post; after an in-app navigation it loads beside the post, and the page shows the post first.
 */
export function usePostReading(id: string) {
  return useQuery({
    queryKey: queryKeys.postReading(id),
    queryFn: ({ signal }) => api<PostReading>(`/api/posts/${encodeURIComponent(id)}/reading`, { signal }),
  });
}
