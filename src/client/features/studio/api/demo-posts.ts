import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { demoPostsCount, demoPostsRemove } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";
import { ownPostsQueryKey } from "./own-posts";

const demoPostsKey = ["demo-posts"] as const;

/** How many of the install's demo posts are still as seeded. */
export function useDemoPostCount() {
  return useQuery({
    queryKey: demoPostsKey,
    queryFn: ({ signal }) => call(demoPostsCount, { signal }),
  });
}

export function useRemoveDemoPosts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(demoPostsRemove, {}),
    onSuccess: async () => {
      client.setQueryData(demoPostsKey, { count: 0 });
      await Promise.all([
        client.invalidateQueries({ queryKey: ownPostsQueryKey }),
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
      ]);
    },
  });
}
