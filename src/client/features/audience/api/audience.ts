import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AudienceFollowers, FollowerStatus, ImportResult } from "../../../../common/audience-page";
import { api } from "../../../lib/api";

/** Everything the Audience page shows: under one key, so a change reloads it all. */
const AUDIENCE_KEY = ["audience"] as const;

export interface AudienceQuery {
  q: string;
  status: FollowerStatus | "";
  offset: number;
}

const search = ({ q, status, offset }: AudienceQuery) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  if (offset) params.set("offset", String(offset));
  const s = params.toString();
  return s ? `?${s}` : "";
};

export const useAudience = (query: AudienceQuery) =>
  useQuery({
    queryKey: [...AUDIENCE_KEY, query],
    queryFn: ({ signal }) => api<AudienceFollowers>(`/api/audience/followers${search(query)}`, { signal }),
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
  useAudienceChange((id: string) =>
    api<void>(`/api/audience/followers/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );

export const useImportFollowers = () =>
  useAudienceChange((body: { csv: string; confirmed: boolean }) =>
    api<ImportResult>("/api/audience/import", { method: "POST", body }),
  );
