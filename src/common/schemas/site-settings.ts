import { z } from "zod";
import {
  ABOUT_TEXT_MAX_LENGTH,
  BLOG_NAME_MAX_LENGTH,
  CONTACT_RECIPIENTS_MAX,
  EMAIL_MAX_LENGTH,
  HERO_HEADING_MAX_LENGTH,
  SITE_NAME_MAX_LENGTH,
  SITE_SHORT_TEXT_MAX_LENGTH,
  SITE_TAGLINE_MAX_LENGTH,
  SITE_URL_MAX_LENGTH,
} from "../limits";
import {
  contrastRatio,
  HEX_COLOUR,
  MIN_CONTRAST,
  THEME_BACKGROUNDS,
  type ThemeName,
} from "../rules/contrast";
import { isAllowedImageSrc } from "../rules/post-html";
import { PINTEREST_OFF, type SiteSettingKey, type StoredSiteSettings } from "../site-settings";
import { strictBody } from "./body";
import { plainText } from "./text";

const THEME_LABEL: Record<ThemeName, string> = { dark: "dark", light: "light" };

export const SITE_SETTINGS_MESSAGES = {
  colourFormat: "The accent colour must be a hex colour like #b24a1c.",
  lowContrast: (theme: ThemeName, ratio: number) =>
    `This accent colour is too faint on the ${THEME_LABEL[theme]} theme's background (contrast ${ratio.toFixed(2)}:1; at least ${MIN_CONTRAST}:1 is needed so links stay readable).`,
  pinterest: "The Pinterest board must be a https://www.pinterest.com/ address, or switched off.",
  recipients: "Contact recipients must be email addresses separated by commas.",
  tooManyRecipients: `At most ${CONTACT_RECIPIENTS_MAX} contact recipients.`,
  logo: "The logo must be an image uploaded here (PNG, JPEG, WebP, GIF or AVIF).",
} as const;

/** Text on one line or several, without control characters other than line breaks. */
const text = (label: string, max: number, lines: boolean) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .superRefine(plainText(label, { lines, end: "." }))
    .optional();

const accent = (theme: ThemeName) =>
  z
    .string({ error: SITE_SETTINGS_MESSAGES.colourFormat })
    .trim()
    .max(7, SITE_SETTINGS_MESSAGES.colourFormat)
    .refine((v) => v === "" || HEX_COLOUR.test(v), SITE_SETTINGS_MESSAGES.colourFormat)
    .superRefine((v, issue) => {
      if (!HEX_COLOUR.test(v)) return;
      const ratio = contrastRatio(v, THEME_BACKGROUNDS[theme]);
      if (ratio < MIN_CONTRAST)
        issue.addIssue({ code: "custom", message: SITE_SETTINGS_MESSAGES.lowContrast(theme, ratio) });
    })
    .transform((v) => v.toLowerCase())
    .optional();

/** https://www.pinterest.com/<user>/<board>/ only: the widget's script is allowed for that host alone. */
export const isPinterestBoardUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" &&
      url.hostname === "www.pinterest.com" &&
      url.username === "" &&
      url.password === "" &&
      url.port === "" &&
      url.pathname.length > 1
    );
  } catch {
    return false;
  }
};

/** An image the upload pipeline stored (it re-encodes every upload; nothing else is an image here). */
export const isLogoUrl = (value: string): boolean =>
  isAllowedImageSrc(value) && /\.(webp|png|jpe?g|gif|avif)$/i.test(value);

const EMAIL = z.email();

/** "a@x.org, b@y.org" → the addresses, or null when one is not an address. */
export function parseRecipients(value: string): string[] | null {
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.every((s) => s.length <= EMAIL_MAX_LENGTH && EMAIL.safeParse(s).success) ? list : null;
}

/**
 * PUT /api/settings: any of the settings; a field left out keeps its value, an empty one goes
 * back to its default (an environment variable's value, or what a new install shows).
 */
export const SiteSettingsBodySchema = strictBody({
  siteName: text("The site name", SITE_NAME_MAX_LENGTH, false),
  tagline: text("The tagline", SITE_TAGLINE_MAX_LENGTH, false),
  heroHeading: text("The hero heading", HERO_HEADING_MAX_LENGTH, false),
  heroText: text("The hero text", SITE_SHORT_TEXT_MAX_LENGTH, true),
  aboutText: text("The About Us text", ABOUT_TEXT_MAX_LENGTH, true),
  footerText: text("The footer text", SITE_SHORT_TEXT_MAX_LENGTH, false),
  accentDark: accent("dark"),
  accentLight: accent("light"),
  himBlogName: text("His blog's name", BLOG_NAME_MAX_LENGTH, false),
  himBlogDescription: text("His blog's description", SITE_SHORT_TEXT_MAX_LENGTH, true),
  herBlogName: text("Her blog's name", BLOG_NAME_MAX_LENGTH, false),
  herBlogDescription: text("Her blog's description", SITE_SHORT_TEXT_MAX_LENGTH, true),
  pinterestBoard: z
    .string({ error: SITE_SETTINGS_MESSAGES.pinterest })
    .trim()
    .max(SITE_URL_MAX_LENGTH, SITE_SETTINGS_MESSAGES.pinterest)
    .refine(
      (v) => v === "" || v === PINTEREST_OFF || isPinterestBoardUrl(v),
      SITE_SETTINGS_MESSAGES.pinterest,
    )
    .optional(),
  logoUrl: z
    .string({ error: SITE_SETTINGS_MESSAGES.logo })
    .trim()
    .max(SITE_URL_MAX_LENGTH, SITE_SETTINGS_MESSAGES.logo)
    .refine((v) => v === "" || isLogoUrl(v), SITE_SETTINGS_MESSAGES.logo)
    .optional(),
  contactRecipients: z
    .string({ error: SITE_SETTINGS_MESSAGES.recipients })
    .max(CONTACT_RECIPIENTS_MAX * (EMAIL_MAX_LENGTH + 2), SITE_SETTINGS_MESSAGES.tooManyRecipients)
    .superRefine((v, issue) => {
      const list = parseRecipients(v);
      if (!list) issue.addIssue({ code: "custom", message: SITE_SETTINGS_MESSAGES.recipients });
      else if (list.length > CONTACT_RECIPIENTS_MAX)
        issue.addIssue({ code: "custom", message: SITE_SETTINGS_MESSAGES.tooManyRecipients });
    })
    .transform((v) => (parseRecipients(v) ?? []).join(", "))
    .optional(),
});
export type SiteSettingsBody = z.infer<typeof SiteSettingsBodySchema>;

/**
 * Stored values that still pass the schema: a row brought in by an archive import (or written by
 * an older version) can never put an unchecked colour, address or text on a page.
 */
export function checkedStoredSettings(stored: unknown): StoredSiteSettings {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  const shape = SiteSettingsBodySchema.shape;
  const kept: StoredSiteSettings = {};
  for (const [key, value] of Object.entries(stored)) {
    const field = shape[key as keyof typeof shape];
    if (typeof value !== "string" || !field) continue;
    const result = field.safeParse(value);
    if (result.success && typeof result.data === "string" && result.data !== "")
      kept[key as SiteSettingKey] = result.data;
  }
  return kept;
}
