import { desc, eq } from "drizzle-orm";
import { checkedStoredSettings } from "../../common/schemas/site-settings";
import type { SiteSettingKey, StoredSiteSettings } from "../../common/site-settings";
import type { Db } from "../db/client";
import { siteSettings, siteSettingsChanges } from "../db/schema";

const ROW_ID = 1;

/** The stored settings, each value checked again by the request schema (an import may have brought it). */
export async function readStoredSiteSettings(db: Db): Promise<StoredSiteSettings> {
  const [row] = await db
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .where(eq(siteSettings.id, ROW_ID));
  return checkedStoredSettings(row?.values);
}

export interface SettingsChange {
  userId: string;
  userEmail: string;
  /** Each changed field's effective value before and after. */
  changes: Partial<Record<SiteSettingKey, { from: string; to: string }>>;
}

/** The new stored overrides and the change log entry, in one transaction (both or neither). */
export async function saveSiteSettings(
  db: Db,
  values: StoredSiteSettings,
  change: SettingsChange,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ id: ROW_ID, values, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.id, set: { values, updatedAt: now } });
    await tx.insert(siteSettingsChanges).values({
      userId: change.userId,
      userEmail: change.userEmail,
      changedAt: now,
      changes: change.changes as Record<string, { from: string; to: string }>,
    });
  });
}

/** The latest changes, newest first (GET /api/settings/changes). */
export async function listSettingsChanges(db: Db, limit: number) {
  const rows = await db
    .select({
      userEmail: siteSettingsChanges.userEmail,
      changedAt: siteSettingsChanges.changedAt,
      changes: siteSettingsChanges.changes,
    })
    .from(siteSettingsChanges)
    .orderBy(desc(siteSettingsChanges.changedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
}
