import { EXCERPT_FALLBACK_LENGTH } from "../limits";
import { markerRe } from "./marker-pattern";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Decode the few entities sanitised HTML carries (named basics and numeric references). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

// SPEC §5's tags stripped: every block boundary (a block's start or end, a line break, a rule)
// separates words, so a caption, a table cell or a list item never runs into the next one;
// inline tags simply disappear.
const BLOCK_TAGS =
  "p|div|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|figure|figcaption|pre|table|caption|thead|tbody|tfoot|tr|td|th|section|article|aside|header|footer|nav|details|summary|hr|br";
const BLOCK_BOUNDARY = new RegExp(`<\\/?(?:${BLOCK_TAGS})(?:\\s[^>]*)?\\/?>`, "gi");
// A heading is a line of its own: read as running text it ends like a sentence, so a card says
// "Where we stayed. We stayed…", never "Where we stayed We stayed…".
const HEADING = /<h([1-6])(?:\s[^>]*)?>([\s\S]*?)<\/h\1\s*>/gi;
const SENTENCE_END = /[.!?…:;]$/;
function endHeading(_whole: string, _level: string, inner: string): string {
  const text = inner.replace(/<[^>]*>/g, "").trim();
  return ` ${inner}${text && !SENTENCE_END.test(text) ? "." : ""} `;
}

/**
 * The text of post content: tags stripped, entities decoded, whitespace collapsed. An image
 * marker (SPEC §4's [IMAGE:…], a pair, a gallery) is a picture, not words: it goes with the tags.
 */
export function htmlToText(html: string): string {
  const stripped = html
    .replace(markerRe(), " ")
    .replace(HEADING, endHeading)
    .replace(BLOCK_BOUNDARY, " ")
    .replace(/<[^>]*>/g, "")
    // A tag cut off at the end of a truncated string.
    .replace(/<[^>]*$/, "");
  return decodeEntities(stripped).replace(/\s+/g, " ").trim();
}

/** The first `n` characters (code points, so an emoji is never cut in half). */
export function firstChars(text: string, n: number): string {
  if (text.length <= n) return text;
  return Array.from(text).slice(0, n).join("");
}

/** SPEC §5: the first 150 characters of content with tags stripped, plus '...'. */
export function fallbackExcerpt(content: string): string {
  const text = htmlToText(content);
  return text ? `${firstChars(text, EXCERPT_FALLBACK_LENGTH)}...` : "";
}

/** SPEC §5: the excerpt as written, or the fallback when it is empty (server lists and cards alike). */
export function resolveExcerpt(excerpt: string | null | undefined, content: string): string {
  return excerpt?.trim() ? excerpt : fallbackExcerpt(content);
}
