import { parseRecipients } from "../../common/schemas/site-settings";
import { type AuthorSiteSettings, publicSiteSettings, type SiteSettings } from "../../common/site-settings";
import type { AppContext } from "../context";
import { settingsEnv } from "./settings-env";
import { siteSettingsNow } from "./settings-now.reads";

export { settingsEnv };

/**
 * The settings in force, from the content cache: every page reads them, and a change drops the
 * cache on every process (the `settingsChanged` event; cache/subscriptions.ts).
 */
export const SITE_SETTINGS_CACHE_KEY = "site-settings";

export function cachedSiteSettings(ctx: AppContext): Promise<AuthorSiteSettings> {
  return ctx.cache.getOrLoad(SITE_SETTINGS_CACHE_KEY, async () => siteSettingsNow(ctx.db, ctx.config));
}

/** What readers see (pages, feeds, the inlined shell data). */
export async function cachedPublicSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return publicSiteSettings(await cachedSiteSettings(ctx));
}

/** Where contact messages go now, and the site name their subject carries. */
export async function contactSite(ctx: AppContext): Promise<{ recipients: string[]; siteName: string }> {
  const settings = await cachedSiteSettings(ctx);
  return {
    recipients: parseRecipients(settings.contactRecipients) ?? ctx.config.contactTo,
    siteName: settings.siteName,
  };
}
