import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatePageInput, UpdatePageInput } from "../../../../../common/schemas/site-page";
import type { SitePageDetail } from "../../../../../common/site-pages";
import { api } from "../../../../lib/api";

export const studioPagesKey = ["studio-pages"] as const;

/** GET /api/pages: every page with its state (the two authors). */
export function useStudioPages() {
  return useQuery({
    queryKey: studioPagesKey,
    queryFn: ({ signal }) => api<SitePageDetail[]>("/api/pages", { signal }),
  });
}

export type PageSave =
  | { kind: "create"; body: CreatePageInput }
  | { kind: "update"; slug: string; body: UpdatePageInput }
  | { kind: "delete"; slug: string };

/** Create, change or delete a page; the studio's list and any page read since reload. */
export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: PageSave) => {
      if (save.kind === "create")
        return api<SitePageDetail>("/api/pages", { method: "POST", body: save.body });
      const url = `/api/pages/${encodeURIComponent(save.slug)}`;
      if (save.kind === "update") return api<SitePageDetail>(url, { method: "PUT", body: save.body });
      return api<null>(url, { method: "DELETE" });
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: studioPagesKey }),
        client.invalidateQueries({ queryKey: ["site-page"] }),
      ]);
    },
  });
}
