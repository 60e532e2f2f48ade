import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postDelete, postUpdate } from "../../../../common/api";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

/**
 * Unpublish (back to draft), re-date a published post, delete it (issue 20). Each makes every
 * list of posts stale, the studio's own included, and the post's reading data.
 */
export type PostControl =
  | { kind: "unpublish" }
  | { kind: "redate"; publishedAt: string }
  | { kind: "delete" };

const send = (id: string, control: PostControl) => {
  if (control.kind === "delete") return call(postDelete, { params: { id } });
  const body =
    control.kind === "unpublish"
      ? { status: "draft" as const }
      : { status: "published" as const, publishedAt: control.publishedAt };
  return call(postUpdate, { params: { id }, body });
};

export function usePostControl(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (control: PostControl) => send(id, control),
    onSuccess: async (_answer, control) => {
      if (control.kind === "delete") client.removeQueries({ queryKey: queryKeys.post(id) });
      else await client.invalidateQueries({ queryKey: queryKeys.post(id) });
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.postLists }),
        client.invalidateQueries({ predicate: (query) => isPostReadingKey(query.queryKey) }),
      ]);
    },
  });
}
