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

export const FONT = "Georgia, 'Times New Roman', Times, serif";
export const SANS = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/** Widest the letter gets; images are capped here (their mail variants are 600 px wide at most). */
export const LETTER_WIDTH = 600;
/** The card's inner width (600 less 2 × 28 px padding): a lone image's shown width. */
export const CONTENT_WIDTH = 544;

/**
 * Dark mode: mail apps that honour prefers-color-scheme get dark surfaces and light text together,
 * never one without the other (a forced-light app keeps the light letter, dark text on white).
 * Phones: the two images of a pair stack.
 */
export const HEAD_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { background-color: #f3efe8; }
.l-text li p, .l-text blockquote p { margin: 0 !important; }
@media (prefers-color-scheme: dark) {
  body, .l-page { background-color: #171513 !important; }
  .l-card { background-color: #23201c !important; border-color: #3a352e !important; }
  .l-text, .l-text p, .l-text li, .l-text h1, .l-text h2, .l-text h3 { color: #ede7dd !important; }
  .l-muted, .l-muted p, .l-text blockquote { color: #c2b9ab !important; }
  .l-link, .l-text a { color: #f2a58e !important; }
  .l-text a.l-button, .l-button { background-color: #f2a58e !important; color: #1a1410 !important; }
  .l-text a.l-title { color: #ede7dd !important; }
  .l-rule { border-color: #3a352e !important; }
}
@media only screen and (max-width: 480px) {
  .l-card { padding: 20px 16px !important; }
  .l-pair-cell { display: block !important; width: 100% !important; padding: 0 0 12px 0 !important; }
  .l-pair-cell img { width: 100% !important; height: auto !important; }
}
`;
