import { type AuthorSiteSettings, resolveSiteSettings } from "../../common/site-settings";
import type { Db } from "../db/client";
import type { Config } from "../env";
import { settingsEnv } from "./settings-env";
import { readStoredSiteSettings } from "./site-settings.repository";

// Kept apart from settings.reads.ts (which takes the app's context): auth and mail read these
// while the context is being built, and the context's types must not import them back.
/**
 * The settings in force read from the database, not the cache: for a caller on a transaction (the
 * claim that announces a post) or without a request context (emails).
 */
export async function siteSettingsNow(db: Db, config: Config): Promise<AuthorSiteSettings> {
  return resolveSiteSettings(await readStoredSiteSettings(db), settingsEnv(config));
}

/** The site name in force (the authors' Settings, else SITE_NAME), read from the database. */
export async function siteNameNow(db: Db, config: Config): Promise<string> {
  return (await siteSettingsNow(db, config)).siteName;
}

/** The configuration with the site name in force, for email builders that take a Config. */
export async function withSiteNameNow(db: Db, config: Config): Promise<Config> {
  return { ...config, siteName: await siteNameNow(db, config) };
}
