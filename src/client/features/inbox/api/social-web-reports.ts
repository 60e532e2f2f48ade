import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export interface SocialWebReport {
  id: string;
  postId: string;
  postTitle: string;
  host: string;
  reason: string;
  reportedAt: string;
}

const key = ["moderation", "social-web-reports"] as const;

/** Reports about the signed-in author's posts forwarded by other servers (issue 23). */
export const useSocialWebReports = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<{ items: SocialWebReport[] }>("/api/admin/fediverse/reports", { signal }),
    staleTime: 0,
  });

export function useDismissSocialWebReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/fediverse/reports/${encodeURIComponent(id)}/dismiss`, { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
