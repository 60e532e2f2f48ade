import { useQuery } from "@tanstack/react-query";
import { settingsChanges } from "../../../../common/api";
import type { SiteSettingKey } from "../../../../common/site-settings";
import { call } from "../../../lib/api";

export interface SettingsChange {
  userEmail: string;
  changedAt: string;
  changes: Partial<Record<SiteSettingKey, { from: string; to: string }>>;
}

export const settingsChangesKey = ["site-settings", "changes"] as const;

/** GET /api/settings/changes: who changed which settings, newest first (the two authors). */
export function useSettingsChanges() {
  return useQuery({
    queryKey: settingsChangesKey,
    queryFn: ({ signal }) => call(settingsChanges, { signal }) as Promise<SettingsChange[]>,
  });
}
