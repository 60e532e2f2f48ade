import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "../../../../common/engagement";
import { api } from "../../../lib/api";

export interface ReviewList {
  holdFirstComments: boolean;
  held: Array<{ comment: Comment; postTitle: string }>;
  reported: Array<{
    comment: Comment;
    postTitle: string;
    reports: number;
    reasons: string[];
    reportedAt: string;
  }>;
}

const key = ["moderation"] as const;

/** The signed-in author's comments to review (held, reported) and the hold setting. */
export const useReviewList = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<ReviewList>("/api/moderation", { signal }),
    staleTime: 0,
  });

/** An action on a comment to review; the list reloads after it. */
export function useReviewAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "approve" | "hide" | "dismiss" | "delete" }) => {
      const url = `/api/comments/${encodeURIComponent(id)}`;
      if (action === "approve") return api(`${url}/approve`, { method: "POST" });
      if (action === "hide") return api(`${url}/visibility`, { method: "PATCH", body: { hidden: true } });
      if (action === "dismiss") return api(`${url}/dismiss-reports`, { method: "POST" });
      return api(url, { method: "DELETE" });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Block the social-web server a comment to review came from (issue 23). */
export const useBlockServer = () =>
  useMutation({
    mutationFn: (host: string) =>
      api("/api/admin/fediverse/blocked-servers", { method: "POST", body: { host } }),
  });

export function useHoldSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (holdFirstComments: boolean) =>
      api("/api/moderation", { method: "PATCH", body: { holdFirstComments } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
