import { and, desc, type SQL, sql } from "drizzle-orm";
import type { Page, SearchHit } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { contentTextSql, SEARCH_CONFIG } from "../db/schema/search";
import { afterRank, encodeRankCursor, type RankPageRequest } from "../pagination";
import { toBlogPostCard } from "../posts/post.presenter";
import { cardColumns } from "../posts/posts.repository";
import { publicPostsWhere } from "../posts/visibility";
import { headlineOptions, newMarks, splitMarks } from "./highlight";

/**
 * Full-text search over public posts (docs/decisions/0016-search.md): the stored, weighted
 * `search_vector` (GIN index) matched with websearch syntax ("a phrase", or, -word), ranked by
 * ts_rank, keyset-paginated by (rank, date, id), with the found words marked in the title and in a
 * snippet of the excerpt and text. Drafts and scheduled posts are filtered out before anything is
 * ranked or highlighted, so not even a snippet of them can leave the database.
 */
export interface SearchRequest extends RankPageRequest {
  /** Normalised words (common/schemas/search.ts), never empty here. */
  text: string;
}

const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
// Ranks divided by 1 + log(length): a long post that mentions a word once does not outrank a
// short one about it.
const RANK_NORMALISATION = sql.raw("1");
// Up to two passages around the found words (the start of the text when only the title matched).
const SNIPPET = 'MaxFragments=2,MaxWords=20,MinWords=8,ShortWord=1,FragmentDelimiter=" … "';
const SNIPPET_SOURCE_CHARS = 20_000;

export async function searchPosts(db: Db, req: SearchRequest, now: Date): Promise<Page<SearchHit>> {
  const query = sql`websearch_to_tsquery(${config}, ${req.text})`;
  const rank = sql<number>`ts_rank(${blogPosts.searchVector}, ${query}, ${RANK_NORMALISATION})`;
  const marks = newMarks();
  // The excerpt first, then the head of the text: where the found words are, or the post's start.
  const snippetSource = sql`left(${blogPosts.excerpt} || ' ' || ${sql.raw(contentTextSql(`"blog_posts"."content"`))}, ${sql.raw(String(SNIPPET_SOURCE_CHARS))})`;
  const where: Array<SQL | undefined> = [
    // Only stop words ("the"): no lexeme to look for, nothing found.
    sql`numnode(${query}) > 0`,
    sql`${blogPosts.searchVector} @@ ${query}`,
    publicPostsWhere(now),
    afterRank(rank, blogPosts.date, blogPosts.id, req.cursor),
  ];
  const rows = await db
    .select({
      ...cardColumns,
      rankText: sql<string>`(${rank})::text`,
      // Evaluated after the sort and limit: only for the rows of this page.
      markedTitle: sql<string>`ts_headline(${config}, ${blogPosts.title}, ${query}, ${headlineOptions(marks, "HighlightAll=true")})`,
      markedSnippet: sql<string>`ts_headline(${config}, ${snippetSource}, ${query}, ${headlineOptions(marks, SNIPPET)})`,
    })
    .from(blogPosts)
    .where(and(...where))
    .orderBy(desc(rank), desc(blogPosts.date), desc(blogPosts.id))
    .limit(req.limit + 1);
  const kept = rows.slice(0, req.limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map((row) => ({
      post: toBlogPostCard(row, now),
      title: splitMarks(row.markedTitle, marks),
      snippet: splitMarks(row.markedSnippet, marks),
    })),
    nextCursor:
      rows.length > req.limit && last
        ? encodeRankCursor({ rank: last.rankText, at: last.cursorAt, id: last.id })
        : null,
  };
}
