import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { blueskyConnect, blueskyDisconnect, blueskyStatus } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

export const blueskyKey = [...queryKeys.socialWeb, "bluesky"] as const;

/** The signed-in author's Bluesky connection (never its app password). */
export const useBluesky = () =>
  useQuery({
    queryKey: blueskyKey,
    queryFn: ({ signal }) => call(blueskyStatus, { signal }),
    staleTime: 0,
  });

/** Connect with a handle and an app password; the answer is the new status. */
export function useConnectBluesky() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { handle: string; appPassword: string }) => call(blueskyConnect, { body }),
    onSuccess: (status) => client.setQueryData(blueskyKey, status),
  });
}

/** End the connection: the session at the PDS, and the stored account. */
export function useDisconnectBluesky() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(blueskyDisconnect, { body: {} }),
    onSuccess: () => client.setQueryData(blueskyKey, { account: null }),
  });
}
