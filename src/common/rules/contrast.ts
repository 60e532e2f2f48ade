/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) of #rrggbb colours: the one
 * rule the settings form and PUT /api/settings both check an accent colour with.
 */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** The page backgrounds of src/client/styles/theme.css (--bg of each theme). */
export const THEME_BACKGROUNDS = { dark: "#14161a", light: "#fbfaf8" } as const;
export type ThemeName = keyof typeof THEME_BACKGROUNDS;

const channel = (hex: string, at: number): number => {
  const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on an accent-coloured button: black or white, whichever reads better. */
export function textOn(hex: string): "#000000" | "#ffffff" {
  return contrastRatio(hex, "#000000") >= contrastRatio(hex, "#ffffff") ? "#000000" : "#ffffff";
}
