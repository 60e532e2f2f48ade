import type { SiteSettingKey } from "../../../../common/site-settings";
import { useSettingsChanges } from "../api/settings-changes";
import { SETTING_GROUPS, SETTINGS_TEXT } from "./settings-fields";

const LABELS: Partial<Record<SiteSettingKey, string>> = {
  ...Object.fromEntries(SETTING_GROUPS.flatMap((g) => g.fields.map((f) => [f.key, f.label]))),
  pinterestBoard: SETTINGS_TEXT.pinsLabel,
  contactRecipients: SETTINGS_TEXT.recipientsLabel,
  logoUrl: "Logo",
};
// In the form's order (the stored change does not keep one).
const ORDER = Object.keys(LABELS) as SiteSettingKey[];
const SHOWN = 5;

/** The last changes: who changed which settings, when (each save is recorded on the server). */
export function SettingsHistory() {
  const changes = useSettingsChanges().data ?? [];
  if (changes.length === 0) return null;
  return (
    <details className="settings-history">
      <summary>Recent changes</summary>
      <ul>
        {changes.slice(0, SHOWN).map((change) => (
          <li key={`${change.changedAt}|${change.userEmail}`}>
            <time dateTime={change.changedAt}>
              {new Date(change.changedAt).toLocaleString(undefined, {
                dateStyle: "medium",
                timeStyle: "short",
              })}
            </time>
            {": "}
            {change.userEmail} changed{" "}
            {ORDER.filter((key) => key in change.changes)
              .map((key) => LABELS[key])
              .join(", ")}
          </li>
        ))}
      </ul>
    </details>
  );
}
