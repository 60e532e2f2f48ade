import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { ApiError, api } from "../../../lib/api";

export const fetchPost = (id: string, signal?: AbortSignal) =>
  api<BlogPost>(`/api/posts/${encodeURIComponent(id)}`, { signal });

/** One post by id; a 404 is final (no retry). */
export function usePost(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.post(id ?? ""),
    queryFn: ({ signal }) => fetchPost(id!, signal),
    enabled: !!id,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
