import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { stats } from "../../../../common/api";
import type { StatsRange, StatsScope } from "../../../../common/stats";
import { call } from "../../../lib/api";

export const statsQueryKey = (scope: StatsScope, range: StatsRange) => ["stats", scope, range] as const;

/** GET /api/stats: the studio's numbers (authors only). Views arrive within about a minute. */
export function useStats(scope: StatsScope, range: StatsRange) {
  return useQuery({
    queryKey: statsQueryKey(scope, range),
    queryFn: ({ signal }) => call(stats, { query: { scope, range }, signal }),
    staleTime: 60_000,
    // Another blog or period keeps the page (and any open table) in place until its numbers come.
    placeholderData: keepPreviousData,
  });
}
