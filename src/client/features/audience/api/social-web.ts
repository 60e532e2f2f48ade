import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fediverseAccount, fediverseFollowersList, fediverseHandle } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

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
    queryFn: ({ signal }) => call(fediverseAccount, { signal }) as Promise<SocialWebAccount>,
  });
}

/** The first page of the author's followers on the social web, newest first. */
export function useSocialWebFollowers() {
  return useQuery({
    queryKey: [...queryKeys.socialWeb, "followers"],
    queryFn: ({ signal }) =>
      call(fediverseFollowersList, { signal }) as Promise<{ total: number; items: SocialWebFollower[] }>,
  });
}

export function useChangeHandle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => call(fediverseHandle, { body: { handle } }) as Promise<SocialWebAccount>,
    onSuccess: (account) => client.setQueryData(queryKeys.socialWeb, account),
  });
}
