import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  fediverseAccount,
  fediverseFollowersList,
  fediverseHandle,
  fediverseSettings,
  followRequestAccept,
  followRequestReject,
  followRequests,
} from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

/** The author's account on the social web (docs/fediverse.md). */
export interface SocialWebAccount {
  handle: string;
  address: string;
  actorUrl: string;
  followers: number;
  canChangeHandle: boolean;
  /** Handles used before, still answering for this account (aliases). */
  oldAddresses: string[];
  approveFollowers: boolean;
  pendingFollowers: number;
}

export interface SocialWebFollower {
  handle: string;
  name: string | null;
  actorId: string;
  /** Our copy of their avatar; null: initials. */
  avatarUrl: string | null;
  /** Their initials, shown when there is no avatar. */
  initials: string;
  since: string;
}

export function useSocialWebAccount() {
  return useQuery({
    queryKey: queryKeys.socialWeb,
    queryFn: ({ signal }) => call(fediverseAccount, { signal }) as Promise<SocialWebAccount>,
  });
}

/** A page of remote people (followers or held follows), newest first; `nextCursor` null at the end. */
interface SocialWebPeoplePage {
  total: number;
  items: SocialWebFollower[];
  nextCursor: string | null;
}

/** A list of remote people, newest first, loaded a page at a time. */
function usePeoplePages(list: typeof fediverseFollowersList, key: string, enabled = true) {
  return useInfiniteQuery<
    SocialWebPeoplePage,
    Error,
    InfiniteData<SocialWebPeoplePage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...queryKeys.socialWeb, key],
    enabled,
    queryFn: ({ pageParam, signal }) =>
      call(list, { query: { cursor: pageParam }, signal }) as Promise<SocialWebPeoplePage>,
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** The author's followers on the social web. */
export function useSocialWebFollowers() {
  return usePeoplePages(fediverseFollowersList, "followers");
}

export function useChangeHandle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => call(fediverseHandle, { body: { handle } }) as Promise<SocialWebAccount>,
    onSuccess: (account) => client.setQueryData(queryKeys.socialWeb, account),
  });
}

/** Follows waiting for the author's approval. */
export function useFollowRequests(enabled: boolean) {
  return usePeoplePages(followRequests, "requests", enabled);
}

export function useSettleFollowRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ actorId, accept }: { actorId: string; accept: boolean }) =>
      call(accept ? followRequestAccept : followRequestReject, { body: { actorId } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.socialWeb }),
  });
}

export function useApproveFollowers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (approveFollowers: boolean) =>
      call(fediverseSettings, { body: { approveFollowers } }) as Promise<SocialWebAccount>,
    onSuccess: (account) => client.setQueryData(queryKeys.socialWeb, account),
  });
}
