import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";
import { ownPostsQueryKey } from "./own-posts";

const demoPostsKey = ["demo-posts"] as const;

/** How many of the install's demo posts are still as seeded (issue 21). */
export function useDemoPostCount() {
  return useQuery({
    queryKey: demoPostsKey,
    queryFn: ({ signal }) => api<{ count: number }>("/api/admin/demo-posts", { signal }),
  });
}

export function useRemoveDemoPosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ removed: number }>("/api/admin/demo-posts", { method: "DELETE" }),
    onSuccess: async () => {
      client.setQueryData(demoPostsKey, { count: 0 });
      await Promise.all([
        client.invalidateQueries({ queryKey: ownPostsQueryKey }),
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
      ]);
    },
  });
}
