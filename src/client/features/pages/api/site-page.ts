import { useQuery } from "@tanstack/react-query";
import { pageRead } from "../../../../common/api";
import { queryKeys } from "../../../../common/query-keys";
import type { SitePage } from "../../../../common/site-pages";
import { ApiError, call } from "../../../lib/api";
import { keyedQuery } from "../../../lib/typed-query";

/** A page by its address, or null when there is none (the server inlines that null too). */
export const fetchSitePage = async (slug: string, signal?: AbortSignal): Promise<SitePage | null> => {
  try {
    return await call(pageRead, { params: { slug }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export function useSitePage(slug: string) {
  return useQuery({
    ...keyedQuery(queryKeys.sitePage(slug), ({ signal }) => fetchSitePage(slug, signal)),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
