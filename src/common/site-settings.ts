import { AUTHOR_TITLES } from "./routes";
import { THEME_BACKGROUNDS, textOn } from "./rules/contrast";

import type { SiteSettings } from "./site-names";

export { blogName, PINTEREST_OFF, pinterestBoardUrl, type SiteSettings } from "./site-names";

/**
 * Site settings: what the two authors can change without a terminal. The defaults are
 * exactly what a new install shows (SPEC §1–§2 texts); environment variables (SITE_NAME,
 * PINTEREST_BOARD_URL, CONTACT_TO_EMAIL) are the defaults of their settings; a stored setting wins.
 */

/** What only the two authors see (GET /api/settings signed in as an author). */
export interface AuthorSiteSettings extends SiteSettings {
  /** Comma list of addresses contact messages go to. */
  contactRecipients: string;
}

export type SiteSettingKey = keyof AuthorSiteSettings;

/** The settings as stored: only what differs from the defaults. */
export type StoredSiteSettings = Partial<Record<SiteSettingKey, string>>;

/** The environment's part of the defaults. */
export interface SiteSettingsEnv {
  siteName: string;
  pinterestBoardUrl: string | null;
  contactTo: string[];
}

/** The defaults: what a new install shows (SPEC §2's home page, 'His Blog' / 'Her Blog'). */
export function defaultSiteSettings(env: SiteSettingsEnv, siteName = env.siteName): AuthorSiteSettings {
  return {
    siteName,
    tagline: "",
    heroHeading: `Welcome to ${siteName}`,
    heroText: "Two voices, one blog. Stories, ideas and little discoveries from his side and hers.",
    aboutText:
      "We are a couple who love to write. Here we share what we see, make and learn, each in our own blog, and read each other's along the way. We would love to hear from you.",
    footerText: "",
    accentDark: "",
    accentLight: "",
    himBlogName: AUTHOR_TITLES.him,
    himBlogDescription: "Adventures, projects and thoughts from his side of the story.",
    herBlogName: AUTHOR_TITLES.her,
    herBlogDescription: "Inspiration, creativity and everyday moments from her side of the story.",
    pinterestBoard: env.pinterestBoardUrl ?? "",
    logoUrl: "",
    contactRecipients: env.contactTo.join(", "),
  };
}

/** Stored values over the defaults (the hero heading's default follows a changed site name). */
export function resolveSiteSettings(stored: StoredSiteSettings, env: SiteSettingsEnv): AuthorSiteSettings {
  const defaults = defaultSiteSettings(env, stored.siteName || env.siteName);
  const resolved = { ...defaults };
  for (const key of Object.keys(defaults) as SiteSettingKey[]) {
    const value = stored[key];
    if (typeof value === "string" && value !== "") resolved[key] = value;
  }
  return resolved;
}

/** What readers may see: everything but the contact recipients. */
export function publicSiteSettings(settings: AuthorSiteSettings): SiteSettings {
  const { contactRecipients: _private, ...rest } = settings;
  return rest;
}

/** The defaults the shell falls back to before data arrives (and unit tests). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = publicSiteSettings(
  defaultSiteSettings({ siteName: "Duet", pinterestBoardUrl: null, contactTo: [] }),
);

/**
 * The accent colours as custom properties for the style attribute of <html> (the CSP refuses
 * <style> elements but allows style attributes); theme.css reads them with its own as fallback.
 * Null when both themes keep their own accent.
 */
export function accentStyle(site: Pick<SiteSettings, "accentDark" | "accentLight">): string | null {
  const parts: string[] = [];
  for (const theme of Object.keys(THEME_BACKGROUNDS) as Array<keyof typeof THEME_BACKGROUNDS>) {
    const hex = theme === "dark" ? site.accentDark : site.accentLight;
    if (!hex) continue;
    parts.push(`--site-accent-${theme}:${hex}`, `--site-accent-${theme}-contrast:${textOn(hex)}`);
  }
  return parts.length ? parts.join(";") : null;
}
