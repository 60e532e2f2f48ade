import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { settingsRead, settingsUpdate } from "../../../../common/api";
import type { SiteSettingsBody } from "../../../../common/schemas/site-settings";
import type { AuthorSiteSettings } from "../../../../common/site-settings";
import { call } from "../../../lib/api";
import { settingsChangesKey } from "./settings-changes";

const settingsKey = ["site-settings"] as const;

/** GET /api/settings as one of the two authors (with the contact recipients). */
export function useSiteSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(settingsRead, { signal }) as Promise<AuthorSiteSettings>,
  });
}

export function useSaveSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsBody) => call(settingsUpdate, { body }),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKey, saved);
      await client.invalidateQueries({ queryKey: settingsChangesKey });
    },
  });
}
