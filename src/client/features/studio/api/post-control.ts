import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import type { BlogPost } from "../../../../common/types";
import { api } from "../../../lib/api";

const postUrl = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

/**
 * Unpublish (back to draft), re-date a published post, delete it (issue 20). Each makes every
 * list of posts stale, the studio's own included, and the post's reading data.
 */
export type PostControl =
  | { kind: "unpublish" }
  | { kind: "redate"; publishedAt: string }
  | { kind: "delete" };

const send = (id: string, control: PostControl) => {
  if (control.kind === "delete") return api<null>(postUrl(id), { method: "DELETE" });
  const body =
    control.kind === "unpublish"
      ? { status: "draft" }
      : { status: "published", publishedAt: control.publishedAt };
  return api<BlogPost>(postUrl(id), { method: "PATCH", body });
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
