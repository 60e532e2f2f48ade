import { POST_SLUG_MAX_LENGTH } from "../limits";
import { isId } from "../schemas/id";

/**
 * The rules of a post's address `/post/{slug}` (docs/decisions/0033-post-addresses.md): lower-case
 * letters of any script, digits and single hyphens between them, at most POST_SLUG_MAX_LENGTH
 * characters, not a reserved word and not shaped like a post id (those answer a redirect).
 */
export const RESERVED_SLUGS: readonly string[] = ["new", "edit", "preview", "drafts", "feed", "index"];

const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Nd}]+)*$/u;

export const SLUG_MESSAGES = {
  empty: "The address is required",
  tooLong: `The address must be at most ${POST_SLUG_MAX_LENGTH} characters`,
  characters: "The address may hold only lower-case letters, digits and single hyphens between them",
  reserved: "That address is reserved: please choose another",
  taken: "Another post already has this address: please choose another",
} as const;

/** Why a slug is not acceptable, or null when it is. */
export function slugProblem(slug: string): string | null {
  if (slug === "") return SLUG_MESSAGES.empty;
  if ([...slug].length > POST_SLUG_MAX_LENGTH) return SLUG_MESSAGES.tooLong;
  if (!SLUG_PATTERN.test(slug) || slug !== slug.toLowerCase()) return SLUG_MESSAGES.characters;
  if (RESERVED_SLUGS.includes(slug) || isId(slug)) return SLUG_MESSAGES.reserved;
  return null;
}

/**
 * What an author typed, made into a slug where the intent is plain: trimmed, lower-cased, spaces
 * and underscores as hyphens. Anything else stays and is judged by slugProblem.
 */
export const tidySlug = (typed: string): string =>
  typed
    .trim()
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_]+/g, "-");

/** Text kept as a Unicode slug when no transliteration applies (CJK titles, for example). */
export function unicodeSlug(text: string): string {
  const words = text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{Mn}\p{Nd}]+/u)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length > POST_SLUG_MAX_LENGTH) break;
    slug = next;
  }
  return slug;
}
