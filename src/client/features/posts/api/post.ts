import { useQuery } from "@tanstack/react-query";
import { postRead } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { ApiError, call } from "../../../lib/api";
import { keyedQuery } from "../../../lib/typed-query";

/** One post by id, or null when there is none (the server inlines that null too). */
export const fetchPost = async (id: string, signal?: AbortSignal): Promise<BlogPost | null> => {
  try {
    return await call(postRead, { params: { id }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

/** One post by id; data null: not found (final, no retry). */
export function usePost(id: string | undefined) {
  return useQuery({
    ...keyedQuery(queryKeys.post(id ?? ""), ({ signal }) => fetchPost(id!, signal)),
    enabled: !!id,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
