/**
 * Entities of imported text, decoded exactly once (a title `It&#039;s` read as It's,
 * never as the entity, and a comment's `&lt;blockquote&gt;` as the text <blockquote>, never as a
 * tag). Each layer of escaping is undone once: the file's own (XML) by the reader of the file,
 * then HTML's when a field the source keeps as HTML (WordPress titles, excerpts, comments, term
 * names) becomes Duet text.
 */

/** Named entities an export meets in practice; an unknown name is left as written. */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  shy: "\u00ad",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  prime: "′",
  Prime: "″",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  divide: "÷",
  plusmn: "±",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  dagger: "†",
  iexcl: "¡",
  iquest: "¿",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  hearts: "♥",
  zwj: "\u200d",
  zwnj: "\u200c",
};

// Accented Latin letters (&eacute; &Uuml; &ccedil; …), the other names most exports hold.
const ACCENTS: Record<string, string> = {
  acute: "\u0301",
  grave: "\u0300",
  circ: "\u0302",
  uml: "\u0308",
  tilde: "\u0303",
  ring: "\u030a",
  cedil: "\u0327",
};

function named(name: string): string | undefined {
  if (Object.hasOwn(NAMED, name)) return NAMED[name];
  const accent = /^([A-Za-z])(acute|grave|circ|uml|tilde|ring|cedil)$/.exec(name);
  if (accent) return `${accent[1]}${ACCENTS[accent[2]!]}`.normalize("NFC");
  if (name === "szlig") return "ß";
  return undefined;
}

function codePoint(n: number): string | undefined {
  if (!Number.isInteger(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
  return String.fromCodePoint(n);
}

/** Decode the entities of a string once: `&amp;lt;` becomes `&lt;`, not `<`. */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, e: string) => {
    const value =
      e[0] !== "#"
        ? named(e)
        : codePoint(e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return value ?? whole;
  });
}

/**
 * HTML as Duet text (comments, titles, excerpts): line breaks where blocks and `<br>` were, tags
 * removed, then entities decoded once (so an encoded `&lt;tag&gt;` stays text).
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|blockquote|li|h[1-6]|pre|tr)\s*>/gi, "\n")
    .replace(/<\/?[A-Za-z][^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t\u00a0]*\n[ \t\u00a0]*/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A one-line text (title, tag, name): whitespace runs become one space. */
export const htmlToLine = (html: string) => htmlToText(html).replace(/\s+/g, " ").trim();
