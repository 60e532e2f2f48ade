import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";

export const deletePost = (id: string) =>
  api<null>(`/api/posts/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Delete a post: it leaves the cache, and every list of posts (and post's neighbours) is stale. */
export function useDeletePost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: queryKeys.post(id) });
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
        client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
      ]);
    },
  });
}
