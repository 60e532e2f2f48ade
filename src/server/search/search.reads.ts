import { SEARCH_PAGE_SIZE } from "../../common/limits";
import { type SearchQuery, SearchQuerySchema } from "../../common/schemas/search";
import type { Page, SearchHit } from "../../common/types";
import { type CachedBody, JSON_TYPE, toCachedBody } from "../cache/http-body";
import type { AppContext } from "../context";
import { rankPageRequest } from "../pagination";
import { parse } from "../validate";
import { type SearchRequest, searchPosts } from "./search.repository";
import { takeSearch } from "./search-limit";

export interface ParsedSearch {
  /** The normalised words ('' : nothing to search). */
  text: string;
  request: SearchRequest | null;
  /** Cache key, the same for every spelling of the same search. */
  key: string;
}

/** Validate a search query (the /search page's). Throws a 400 AppError. */
export function parseSearchQuery(query: unknown): ParsedSearch {
  return searchOf(parse(SearchQuerySchema, query ?? {}));
}

/** A validated search query (the API's, checked by its contract row) with its cache key. */
export function searchOf(q: SearchQuery): ParsedSearch {
  const page = rankPageRequest(q, SEARCH_PAGE_SIZE);
  const text = q.q ?? "";
  return {
    text,
    request: text ? { text, ...page } : null,
    key: `search|${page.limit}|${q.cursor ?? ""}|${text}`,
  };
}

const EMPTY: Page<SearchHit> = { items: [], nextCursor: null };

/**
 * A page of results from the content cache: public posts only, so one answer serves everyone, and
 * every write (or a scheduled post coming due) drops it. The cache is bounded, so invented searches
 * cannot pin memory, and one that must go to the database counts against `address`'s limit
 * (search-limit.ts): 429 past it.
 */
export function cachedSearch(
  ctx: AppContext,
  search: ParsedSearch,
  address: string,
): Promise<{ page: Page<SearchHit>; body: CachedBody }> {
  if (search.request && ctx.cache.peek(search.key) === undefined) takeSearch(ctx, address);
  return ctx.cache.getOrLoad(search.key, async () => {
    const page = search.request ? await searchPosts(ctx.db, search.request, ctx.now()) : EMPTY;
    return { page, body: toCachedBody(JSON.stringify(page), JSON_TYPE) };
  });
}
