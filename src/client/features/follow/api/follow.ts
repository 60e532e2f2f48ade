import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Following, FollowResult } from "../../../../common/audience";
import type { AuthorKey } from "../../../../common/limits";
import { api } from "../../../lib/api";

const followingKey = ["follow", "mine"] as const;

/** Follow him, her or both; a signed-in reader may leave the email out (their account's is used). */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email?: string; authors: AuthorKey[] }) =>
      api<FollowResult>("/api/follow", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: followingKey }),
  });
}

/** What the signed-in reader's address follows. */
export function useFollowing(enabled: boolean) {
  return useQuery({
    queryKey: followingKey,
    queryFn: ({ signal }) => api<Following>("/api/follow", { signal }),
    enabled,
  });
}

/** /admin: the signed-in author's confirmed followers. */
export function useFollowerCount() {
  return useQuery({
    queryKey: ["follow", "stats"],
    queryFn: ({ signal }) => api<{ followers: number }>("/api/follow/stats", { signal }),
  });
}
