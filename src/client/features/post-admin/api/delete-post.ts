import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postDelete } from "../../../../common/api";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

export const deletePost = (id: string) => call(postDelete, { params: { id } });

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
