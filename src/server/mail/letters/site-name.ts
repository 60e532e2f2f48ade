import { resolveSiteSettings } from "../../../common/site-settings";
import type { Db } from "../../db/client";
import type { Config } from "../../env";
import { settingsEnv } from "../../settings/settings-env";
import { readStoredSiteSettings } from "../../settings/site-settings.repository";

/**
 * The site name in force (the authors' Settings, else SITE_NAME), read from the database: emails
 * are built where there is a database handle (often a transaction) but no request context.
 */
export async function siteNameNow(db: Db, config: Config): Promise<string> {
  return resolveSiteSettings(await readStoredSiteSettings(db), settingsEnv(config)).siteName;
}

/** The configuration with the site name in force, for email builders that take a Config. */
export async function withSiteNameNow(db: Db, config: Config): Promise<Config> {
  return { ...config, siteName: await siteNameNow(db, config) };
}
