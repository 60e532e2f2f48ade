import { z } from "zod";
import { SEARCH_QUERY_MAX_LENGTH } from "../limits";
import { normaliseSearchText } from "../rules/search-text";
import { pageQueryShape } from "./page-query";

// The search contract (GET /api/search and the /search page): the same words, the same messages.
export const SEARCH_TEXT_MESSAGE = "q must be text.";
export const SEARCH_TOO_LONG_MESSAGE = `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`;

export const SearchTextSchema = z
  .string({ error: SEARCH_TEXT_MESSAGE })
  // Measured before normalising too, so a megabyte of spaces is refused without being scanned.
  .max(SEARCH_QUERY_MAX_LENGTH * 4, SEARCH_TOO_LONG_MESSAGE)
  .transform(normaliseSearchText)
  .pipe(z.string().max(SEARCH_QUERY_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE));

/** `?q=` (optional: no words, no results), plus the list's `limit` and `cursor`; nothing else. */
export const SearchQuerySchema = z.strictObject({
  q: SearchTextSchema.optional(),
  ...pageQueryShape,
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * The /search page reads only `q` and `cursor` from its address (tracking parameters and the like
 * are not its business); a repeated one stays a list, which the schema refuses like the API does.
 */
export function searchPageInput(all: (name: "q" | "cursor") => string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of ["q", "cursor"] as const) {
    const values = all(name);
    if (values.length > 0) input[name] = values.length === 1 ? values[0] : values;
  }
  return input;
}

export type SearchPageState =
  | { kind: "empty" }
  | { kind: "invalid"; message: string }
  | { kind: "search"; text: string; cursor: string | null };

/** What the /search page shows, decided the same way by the server's render and the browser's. */
export function readSearchPage(input: Record<string, unknown>): SearchPageState {
  const result = SearchQuerySchema.safeParse(input);
  if (!result.success) {
    return { kind: "invalid", message: result.error.issues[0]?.message ?? SEARCH_TEXT_MESSAGE };
  }
  const text = result.data.q ?? "";
  return text ? { kind: "search", text, cursor: result.data.cursor ?? null } : { kind: "empty" };
}
