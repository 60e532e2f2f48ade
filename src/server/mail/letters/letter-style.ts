import { textOn } from "../../../common/rules/contrast";

// The letters' look (docs/decisions/0030-designed-letters.md): light by default, inline styles for
// mail apps that drop <style>, and a <style> block that only adds (dark mode, phones).

export const COLORS = {
  page: "#f3efe8",
  card: "#ffffff",
  text: "#1f1c18",
  muted: "#5e574d",
  rule: "#e3ddd3",
  accent: "#9a3d2b",
  buttonText: "#ffffff",
} as const;

/** The site's own accent (Settings) for a letter: light and dark, each a checked #rrggbb or the default. */
export interface LetterAccent {
  light: string;
  lightText: string;
  dark: string;
  darkText: string;
}

export const DEFAULT_ACCENT: LetterAccent = {
  light: COLORS.accent,
  lightText: COLORS.buttonText,
  dark: "#f2a58e",
  darkText: "#1a1410",
};

const HEX = /^#[0-9a-f]{6}$/i;

/** The accents Settings chose (empty: the letter's own), each with readable text on it. */
export function letterAccent(site: { accentLight?: string; accentDark?: string }): LetterAccent {
  const light = site.accentLight && HEX.test(site.accentLight) ? site.accentLight : null;
  const dark = site.accentDark && HEX.test(site.accentDark) ? site.accentDark : null;
  return {
    light: light ?? DEFAULT_ACCENT.light,
    lightText: light ? textOn(light) : DEFAULT_ACCENT.lightText,
    dark: dark ?? DEFAULT_ACCENT.dark,
    darkText: dark ? textOn(dark) : DEFAULT_ACCENT.darkText,
  };
}

export const FONT = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/**
 * Dark mode: mail apps that honour prefers-color-scheme get dark surfaces and light text together,
 * never one without the other (a forced-light app keeps the light letter, dark text on white).
 * Phones: the two images of a pair stack.
 */
export const headCss = (accent: LetterAccent = DEFAULT_ACCENT) => `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { background-color: #f3efe8; }
.l-text li p, .l-text blockquote p { margin: 0 !important; }
@media (prefers-color-scheme: dark) {
  body, .l-page { background-color: #171513 !important; }
  .l-card { background-color: #23201c !important; border-color: #3a352e !important; }
  .l-text, .l-text p, .l-text li, .l-text h1, .l-text h2, .l-text h3 { color: #ede7dd !important; }
  .l-muted, .l-muted p, .l-text blockquote { color: #c2b9ab !important; }
  .l-link, .l-text a { color: ${accent.dark} !important; }
  .l-text a.l-button, .l-button { background-color: ${accent.dark} !important; color: ${accent.darkText} !important; }
  .l-text a.l-title { color: #ede7dd !important; }
  .l-rule { border-color: #3a352e !important; }
}
@media only screen and (max-width: 480px) {
  .l-card { padding: 20px 16px !important; }
  .l-pair-cell { display: block !important; width: 100% !important; padding: 0 0 12px 0 !important; }
  .l-pair-cell img { width: 100% !important; height: auto !important; }
}
`;
