import { EXCERPT_FALLBACK_LENGTH } from "../limits";

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

// Block ends and line breaks separate words; every other tag simply disappears.
const BLOCK_BOUNDARY = /<\/(?:p|div|h[1-6]|li|ul|ol|blockquote)\s*>|<br\s*\/?>/gi;

/** The text of post content: tags stripped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(BLOCK_BOUNDARY, " ")
      .replace(/<[^>]*>/g, "")
      // A tag cut off at the end of a truncated string.
      .replace(/<[^>]*$/, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
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
