import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fediverseReportDismiss, fediverseReports } from "../../../../common/api";
import { call } from "../../../lib/api";

export interface SocialWebReport {
  id: string;
  postId: string;
  postTitle: string;
  host: string;
  reason: string;
  reportedAt: string;
}

const key = ["moderation", "social-web-reports"] as const;

/** Reports about the signed-in author's posts forwarded by other servers. */
export const useSocialWebReports = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(fediverseReports, { signal }) as Promise<{ items: SocialWebReport[] }>,
    staleTime: 0,
  });

export function useDismissSocialWebReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(fediverseReportDismiss, { params: { id }, body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
