import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  blockedServerAdd,
  commentApprove,
  commentDelete,
  commentDismissReports,
  commentVisibility,
  moderationRead,
  moderationUpdate,
} from "../../../../common/api";
import type { Comment } from "../../../../common/engagement";
import { call } from "../../../lib/api";

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
    queryFn: ({ signal }) => call(moderationRead, { signal }) as Promise<ReviewList>,
    staleTime: 0,
  });

/** An action on a comment to review; the list reloads after it. */
export function useReviewAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "approve" | "hide" | "dismiss" | "delete" }) => {
      const params = { id };
      if (action === "approve") return call(commentApprove, { params });
      if (action === "hide") return call(commentVisibility, { params, body: { hidden: true } });
      if (action === "dismiss") return call(commentDismissReports, { params });
      return call(commentDelete, { params });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Block the social-web server a comment to review came from. */
export const useBlockServer = () =>
  useMutation({
    mutationFn: (host: string) => call(blockedServerAdd, { body: { host } }),
  });

export function useHoldSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (holdFirstComments: boolean) => call(moderationUpdate, { body: { holdFirstComments } }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
