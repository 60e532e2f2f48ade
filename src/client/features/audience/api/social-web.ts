import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";

/** The author's account on the social web (docs/fediverse.md). */
export interface SocialWebAccount {
  handle: string;
  address: string;
  actorUrl: string;
  followers: number;
  canChangeHandle: boolean;
}

export interface SocialWebFollower {
  handle: string;
  name: string | null;
  actorId: string;
  since: string;
}

export function useSocialWebAccount() {
  return useQuery({
    queryKey: queryKeys.socialWeb,
    queryFn: ({ signal }) => api<SocialWebAccount>("/api/admin/fediverse", { signal }),
  });
}

/** The first page of the author's followers on the social web, newest first. */
export function useSocialWebFollowers() {
  return useQuery({
    queryKey: [...queryKeys.socialWeb, "followers"],
    queryFn: ({ signal }) =>
      api<{ total: number; items: SocialWebFollower[] }>("/api/admin/fediverse/followers", { signal }),
  });
}

export function useChangeHandle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) =>
      api<SocialWebAccount>("/api/admin/fediverse/handle", { method: "PUT", body: { handle } }),
    onSuccess: (account) => client.setQueryData(queryKeys.socialWeb, account),
  });
}
