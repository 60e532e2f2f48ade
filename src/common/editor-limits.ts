// SPEC §9: the editor's fonts, sizes, colours and toolbar styles. Kept apart from limits.ts, which
// every reader page loads: only the editor and the post-HTML allowlist need these lists.

export const EDITOR_FONT_SIZES_PT = [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 72] as const;
export const EDITOR_FONTS = [
  "Arial",
  "Times New Roman",
  "Courier New",
  "Georgia",
  "Verdana",
  "Helvetica",
  "Tahoma",
  "Trebuchet MS",
  "Garamond",
  "Palatino",
  "Lucida Sans",
  "Roboto",
] as const;
/** SPEC §9 colours: label → CSS value. */
export const EDITOR_COLOURS = [
  ["black", "black"],
  ["white", "white"],
  ["red", "red"],
  ["green", "green"],
  ["blue", "blue"],
  ["yellow", "yellow"],
  ["purple", "purple"],
  ["orange", "orange"],
  ["brown", "brown"],
  ["pink", "pink"],
  ["lime", "lime"],
  ["cyan", "cyan"],
  ["magenta", "magenta"],
  ["gray", "gray"],
  ["dark gray", "darkgray"],
  ["light gray", "lightgray"],
  ["navy", "navy"],
  ["teal", "teal"],
  ["olive", "olive"],
  ["maroon", "maroon"],
] as const;
export const TOOLBAR_STYLES = [
  "bold",
  "italic",
  "underline",
  "heading 2",
  "heading 3",
  "quote",
  "bullet list",
] as const;

/** A table cell spans at most this many columns or rows (colspan, rowspan). */
export const TABLE_SPAN_MAX = 50;
