/**
 * SPEC §5 hashtag rules: on create letters, digits and spaces are kept ("summer fun" stays a
 * two-word tag, its page is /tags/summer%20fun); on edit letters, digits and hyphens. "Letters" and
 * "digits" are Unicode letters and digits (café, 東京 stay as they are).
 */

const SPLIT = ",";

/** Letters, digits and spaces kept (SPEC §5, create); a run of spaces inside a tag counts as one. */
export function normaliseCreateTag(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, "")
    .replace(/ +/g, " ")
    .trim();
}

/** Letters, digits and hyphens kept (SPEC §5, edit). */
export function normaliseEditTag(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]+/gu, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

function split(input: string, rule: (tag: string) => string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of input.split(SPLIT)) {
    const tag = rule(part);
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      out.push(tag);
    }
  }
  return out;
}

/** The new-post form's comma-separated field → tags (SPEC §5 create rule, empties dropped). */
export const parseHashtagsOnCreate = (input: string): string[] => split(input, normaliseCreateTag);

/** The inline edit form's comma-separated field → tags (SPEC §5 edit rule, empties dropped). */
export const parseHashtagsOnEdit = (input: string): string[] => split(input, normaliseEditTag);

/** Stored tags back into the comma-separated field. */
export const formatHashtags = (tags: readonly string[]): string => tags.join(", ");
