import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { follow, following, followStats } from "../../../../common/api";
import type { AuthorKey } from "../../../../common/limits";
import { call } from "../../../lib/api";

const followingKey = ["follow", "mine"] as const;

/** Follow him, her or both; a signed-in reader may leave the email out (their account's is used). */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email?: string; authors: AuthorKey[] }) => call(follow, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: followingKey }),
  });
}

/** What the signed-in reader's address follows. */
export function useFollowing(enabled: boolean) {
  return useQuery({
    queryKey: followingKey,
    queryFn: ({ signal }) => call(following, { signal }),
    enabled,
  });
}

/** /admin: the signed-in author's confirmed followers. */
export function useFollowerCount() {
  return useQuery({
    queryKey: ["follow", "stats"],
    queryFn: ({ signal }) => call(followStats, { signal }),
  });
}
