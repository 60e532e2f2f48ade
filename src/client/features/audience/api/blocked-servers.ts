import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";

export const blockedServersKey = [...queryKeys.socialWeb, "blocked-servers"] as const;

/** Servers on the social web whose traffic the blog refuses (either author manages the list). */
export const useBlockedServers = () =>
  useQuery({
    queryKey: blockedServersKey,
    queryFn: ({ signal }) =>
      api<{ items: { host: string; since: string }[] }>("/api/admin/fediverse/blocked-servers", { signal }),
    staleTime: 0,
  });

/** Block (`block: true`) or unblock a server; the list reloads after it. */
export function useBlockServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ host, block }: { host: string; block: boolean }) =>
      block
        ? api("/api/admin/fediverse/blocked-servers", { method: "POST", body: { host } })
        : api(`/api/admin/fediverse/blocked-servers/${encodeURIComponent(host)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: blockedServersKey }),
  });
}
