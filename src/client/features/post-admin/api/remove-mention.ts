import { useMutation, useQueryClient } from "@tanstack/react-query";
import { webmentionRemove } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { PostReading } from "../../../../common/types";
import { call } from "../../../lib/api";

/** The post's author removes a mention from under it: it leaves the post's reading data at once. */
export function useRemoveMention(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(webmentionRemove, { params: { id } }),
    onSuccess: (_answer, id) =>
      client.setQueryData<PostReading>(queryKeys.postReading(postId), (reading) =>
        reading ? { ...reading, mentions: reading.mentions?.filter((m) => m.id !== id) } : reading,
      ),
  });
}
