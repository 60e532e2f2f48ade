import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postDelete, postUpdate } from "../../../../common/api";
import { isPostReadingKey, queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

/**
 * What the Posts list does to a post without the editor: publish it now (a draft, again after
 * unpublishing, or a scheduled post ahead of its time), unpublish it (back to draft), re-date a
 * published post, move a scheduled post's time, delete it. Each makes every list of posts stale,
 * the studio's own included, and the post's reading data.
 */
export type PostControl =
  | { kind: "publish" }
  | { kind: "unpublish" }
  | { kind: "redate"; publishedAt: string }
  | { kind: "reschedule"; publishAt: string }
  | { kind: "delete" };

const bodyOf = (control: Exclude<PostControl, { kind: "delete" }>) => {
  switch (control.kind) {
    case "publish":
      return { status: "published" as const };
    case "unpublish":
      return { status: "draft" as const };
    case "redate":
      return { status: "published" as const, publishedAt: control.publishedAt };
    case "reschedule":
      return { status: "scheduled" as const, publishAt: control.publishAt };
  }
};

const send = (id: string, control: PostControl) => {
  if (control.kind === "delete") return call(postDelete, { params: { id } });
  return call(postUpdate, { params: { id }, body: bodyOf(control) });
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
