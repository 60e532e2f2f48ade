import { useQuery } from "@tanstack/react-query";
import type { SiteSettingKey } from "../../../../common/site-settings";
import { api } from "../../../lib/api";

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
    queryFn: ({ signal }) => api<SettingsChange[]>("/api/settings/changes", { signal }),
  });
}
