import { customType } from "drizzle-orm/pg-core";

/**
 * Full-text search over posts (docs/decisions/0016-search.md). One text search configuration for
 * the stored vector, the queries and the highlighted snippets: a query only finds the lexemes the
 * same configuration wrote.
 */
export const SEARCH_CONFIG = "english";

export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => "tsvector",
});

// Post content is sanitised HTML: block ends and line breaks separate words, every other tag
// disappears (the htmlToText rule of common/rules/excerpt.ts, in SQL). Entities are skipped by the
// parser when indexing; snippets decode them after highlighting.
const BLOCK_BOUNDARY = String.raw`</(p|div|h[1-6]|li|ul|ol|blockquote|figure|figcaption)\s*>|<br\s*/?>`;

/** The words of a post's content, as SQL over its `content` column (unqualified). */
export const contentTextSql = (column: string): string =>
  `regexp_replace(regexp_replace(${column}, '${BLOCK_BOUNDARY}', ' ', 'gi'), '<[^>]*>', '', 'g')`;

const vector = (text: string, weight: "A" | "B" | "C" | "D") =>
  `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, ${text}), '${weight}')`;

/**
 * The stored document of a post, weighted for ts_rank: title (A), hashtags (B), the author's
 * excerpt (C), the content's text (D). A generated column: every write path (editor, restore,
 * import, seed) keeps it current without knowing it exists. `duet_join_words` is an immutable
 * array_to_string (that one is only stable), created by the migration that adds the column.
 */
export const POST_SEARCH_DOCUMENT = [
  vector(`"title"`, "A"),
  vector(`duet_join_words("hashtags")`, "B"),
  vector(`"excerpt"`, "C"),
  vector(contentTextSql(`"content"`), "D"),
].join(" || ");
