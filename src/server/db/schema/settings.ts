import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { StoredSiteSettings } from "../../../common/site-settings";
import { user } from "./auth";

// ---- Site settings: one row of what differs from the defaults, and who changed what.

/** One row (id 1): only the settings that differ from their defaults; the rest follow env and SPEC. */
export const siteSettings = pgTable("site_settings", {
  id: integer("id").primaryKey(),
  values: jsonb("values").$type<StoredSiteSettings>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Every change: who (kept by email when the account is gone), when, and each field's before and after. */
export const siteSettingsChanges = pgTable(
  "site_settings_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    changes: jsonb("changes").$type<Record<string, { from: string; to: string }>>().notNull(),
  },
  (t) => [index("site_settings_changes_changed_idx").on(t.changedAt.desc())],
);
