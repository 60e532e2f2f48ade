import type { SiteSettingsEnv } from "../../common/site-settings";
import type { Config } from "../env";

/** The environment's defaults (SITE_NAME, PINTEREST_BOARD_URL, CONTACT_TO_EMAIL). */
export const settingsEnv = (config: Config): SiteSettingsEnv => ({
  siteName: config.siteName,
  pinterestBoardUrl: config.pinterestBoardUrl ?? null,
  contactTo: config.contactTo,
});
