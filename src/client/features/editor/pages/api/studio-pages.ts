import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pageCreate, pageDelete, pagesList, pageUpdate } from "../../../../../common/api";
import { COLLAB_SAVE_HEADER } from "../../../../../common/collab";
import type { CreatePageInput, UpdatePageInput } from "../../../../../common/schemas/site-page";
import { call } from "../../../../lib/api";

export const studioPagesKey = ["studio-pages"] as const;

/** GET /api/pages: every page with its state (the two authors). */
export function useStudioPages() {
  return useQuery({
    queryKey: studioPagesKey,
    queryFn: ({ signal }) => call(pagesList, { signal }),
  });
}

export type PageSave =
  | { kind: "create"; body: CreatePageInput }
  | { kind: "update"; slug: string; body: UpdatePageInput; collab?: boolean }
  | { kind: "delete"; slug: string };

/** Create, change or delete a page; the studio's list and any page read since reload. */
export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: PageSave) => {
      if (save.kind === "create") return call(pageCreate, { body: save.body });
      const params = { slug: save.slug };
      // A save of a writing-together session says so: the server keeps the shared room.
      if (save.kind === "update")
        return call(pageUpdate, {
          params,
          body: save.body,
          ...(save.collab ? { headers: { [COLLAB_SAVE_HEADER]: "1" } } : {}),
        });
      return call(pageDelete, { params });
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: studioPagesKey }),
        client.invalidateQueries({ queryKey: ["site-page"] }),
      ]);
    },
  });
}
