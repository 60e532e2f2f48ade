import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlockedReader } from "../../../../common/engagement";
import { queryKeys } from "../../../../common/query-keys";
import { api } from "../../../lib/api";

/** The readers the signed-in author blocked from commenting on their blog. */
export const useBlockedReaders = () =>
  useQuery({
    queryKey: queryKeys.blockedReaders,
    queryFn: ({ signal }) => api<{ items: BlockedReader[] }>("/api/blocks", { signal }),
    staleTime: 0,
  });

/** Lets a blocked reader comment on the author's blog again; the list reloads after it. */
export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<void>(`/api/blocks/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blockedReaders }),
  });
}
