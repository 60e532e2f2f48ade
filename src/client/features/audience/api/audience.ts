import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { audienceFollowers, audienceImport, audienceRemove } from "../../../../common/api";
import type { FollowerStatus } from "../../../../common/audience-page";
import { call } from "../../../lib/api";

/** Everything the Audience page shows: under one key, so a change reloads it all. */
const AUDIENCE_KEY = ["audience"] as const;

export interface AudienceQuery {
  q: string;
  status: FollowerStatus | "";
  offset: number;
}

export const useAudience = (query: AudienceQuery) =>
  useQuery({
    queryKey: [...AUDIENCE_KEY, query],
    queryFn: ({ signal }) =>
      call(audienceFollowers, {
        query: {
          q: query.q || undefined,
          status: query.status || undefined,
          offset: query.offset || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

function useAudienceChange<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: AUDIENCE_KEY });
      // The count shown in the studio's header and before publishing.
      void client.invalidateQueries({ queryKey: ["follow", "stats"] });
    },
  });
}

export const useRemoveFollower = () =>
  useAudienceChange((id: string) => call(audienceRemove, { params: { id } }));

export const useImportFollowers = () =>
  useAudienceChange((body: { csv: string; confirmed: boolean }) => call(audienceImport, { body }));
