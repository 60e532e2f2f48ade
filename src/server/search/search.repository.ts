import { and, inArray, type SQL, sql } from "drizzle-orm";
import { SEARCH_CANDIDATES_MAX } from "../../common/limits";
import type { Page, SearchHit } from "../../common/types";
import { publicPostsWhere } from "../content/visibility";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { blogPosts } from "../db/schema";
import { contentTextSql, SEARCH_CONFIG } from "../db/schema/search";
import { afterRank, encodeRankCursor, newestFirst, type RankPageRequest } from "../pagination";
import { toBlogPostCard } from "../posts/post.presenter";
import { cardColumns } from "../posts/posts.repository";
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
  /** How many of the newest matches are ranked (SEARCH_CANDIDATES_MAX unless a test says less). */
  candidates?: number;
}

const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
// Ranks divided by 1 + log(length): a long post that mentions a word once does not outrank a
// short one about it.
const RANK_NORMALISATION = sql.raw("1");
// Up to two passages around the found words (the start of the text when only the title matched).
const SNIPPET = 'MaxFragments=2,MaxWords=20,MinWords=8,ShortWord=1,FragmentDelimiter=" … "';
const SNIPPET_SOURCE_CHARS = 20_000;

interface RankedRow {
  id: string;
  rank: string;
  at: string;
}

export async function searchPosts(db: Db, req: SearchRequest, now: Date): Promise<Page<SearchHit>> {
  const query = sql`websearch_to_tsquery(${config}, ${req.text})`;
  const matches: SQL[] = [
    // Only stop words ("the"): no lexeme to look for, nothing found.
    sql`numnode(${query}) > 0`,
    sql`${blogPosts.searchVector} @@ ${query}`,
    publicPostsWhere(now),
  ];
  // 1. The page's ids in rank order, among the newest matches only: a common word walks the
  // (date desc, id desc) index until it has enough, a rare one takes its few GIN hits; either way
  // at most `candidates` rows are ranked, each once ("offset 0" keeps the planner from merging the
  // subquery and ranking again for the cursor and the sort).
  const candidates = Math.max(1, Math.min(req.candidates ?? SEARCH_CANDIDATES_MAX, SEARCH_CANDIDATES_MAX));
  const [rank, at, id] = [sql.raw("ranked.rank"), sql.raw("ranked.date"), sql.raw("ranked.id")];
  const ranked = rowsOf<RankedRow>(
    await db.execute(sql`
      select ${id} as id, (${rank})::text as rank,
        to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
      from (
        select c.id, c.date, ts_rank(c.search_vector, ${query}, ${RANK_NORMALISATION}) as rank
        from (
          select ${blogPosts.id} as id, ${blogPosts.date} as date, ${blogPosts.searchVector} as search_vector
          from ${blogPosts} where ${and(...matches)}
          order by ${sql.join(newestFirst(blogPosts.date, blogPosts.id), sql`, `)}
          limit ${candidates}
        ) c offset 0
      ) ranked
      where ${afterRank(rank, at, id, req.cursor) ?? sql`true`}
      order by ${rank} desc, ${at} desc, ${id} desc
      limit ${req.limit + 1}`),
  );
  const page = ranked.slice(0, req.limit);
  const last = page[page.length - 1];
  if (page.length === 0) return { items: [], nextCursor: null };

  // 2. Cards and highlights for those rows only (still public: the same filter again).
  const marks = newMarks();
  // The excerpt first, then the head of the text: where the found words are, or the post's start.
  const snippetSource = sql`left(${blogPosts.excerpt} || ' ' || ${sql.raw(contentTextSql(`"blog_posts"."content"`))}, ${sql.raw(String(SNIPPET_SOURCE_CHARS))})`;
  const rows = await db
    .select({
      ...cardColumns,
      markedTitle: sql<string>`ts_headline(${config}, ${cardColumns.title}, ${query}, ${headlineOptions(marks, "HighlightAll=true")})`,
      markedSnippet: sql<string>`ts_headline(${config}, ${snippetSource}, ${query}, ${headlineOptions(marks, SNIPPET)})`,
    })
    .from(blogPosts)
    .where(
      and(
        inArray(
          blogPosts.id,
          page.map((r) => r.id),
        ),
        publicPostsWhere(now),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: page.flatMap((r) => {
      const row = byId.get(r.id);
      // Deleted or unpublished between the two reads: left out.
      if (!row) return [];
      const post = toBlogPostCard(row, now);
      const snippet = splitMarks(row.markedSnippet, marks);
      return [
        {
          post,
          title: splitMarks(row.markedTitle, marks),
          // Found by its title or hashtags only: the card's excerpt (SPEC §5) says more than a few words.
          snippet: snippet.some((part) => part.match) || !post.excerpt ? snippet : [{ text: post.excerpt }],
        },
      ];
    }),
    nextCursor:
      ranked.length > req.limit && last
        ? encodeRankCursor({ rank: last.rank, at: last.at, id: last.id })
        : null,
  };
}
