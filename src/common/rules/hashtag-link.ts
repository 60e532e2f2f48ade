import { HASHTAG_MAX_LENGTH } from "../limits";

/**
 * A tag as it arrives in a URL (`/tags/Travel`, `?tag=%23travel`) → the stored form: stored tags
 * are trimmed and lower-cased (SPEC §5), and a leading '#' is how people write them.
 * Returns null when nothing is left, it is longer than any stored tag can be, or it holds a
 * control character (no stored tag can, and PostgreSQL text refuses U+0000).
 */
export function normaliseTagParam(raw: string): string | null {
  const tag = raw.trim().replace(/^#+/, "").trim().toLowerCase();
  if (!tag || tag.length > HASHTAG_MAX_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(tag)) return null;
  return tag;
}
