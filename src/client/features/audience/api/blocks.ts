import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { blockDelete, blocksList } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import { call } from "../../../lib/api";

/** The readers the signed-in author blocked from commenting on their blog. */
export const useBlockedReaders = () =>
  useQuery({
    queryKey: queryKeys.blockedReaders,
    queryFn: ({ signal }) => call(blocksList, { signal }),
    staleTime: 0,
  });

/** Lets a blocked reader comment on the author's blog again; the list reloads after it. */
export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(blockDelete, { params: { userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.blockedReaders }),
  });
}
