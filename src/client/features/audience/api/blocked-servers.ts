import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { blockedServerAdd, blockedServerRemove, blockedServers } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

export const blockedServersKey = [...queryKeys.socialWeb, "blocked-servers"] as const;

/** Servers on the social web whose traffic the blog refuses (either author manages the list). */
export const useBlockedServers = () =>
  useQuery({
    queryKey: blockedServersKey,
    queryFn: ({ signal }) => call(blockedServers, { signal }),
    staleTime: 0,
  });

/** Block (`block: true`) or unblock a server; the list reloads after it. */
export function useBlockServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ host, block }: { host: string; block: boolean }) =>
      block ? call(blockedServerAdd, { body: { host } }) : call(blockedServerRemove, { params: { host } }),
    onSuccess: () => client.invalidateQueries({ queryKey: blockedServersKey }),
  });
}
