import { firstPageOf, inlineQuery, queryKeys } from "../../common/query-keys";
import { paths } from "../../common/routes";
import { readSearchPage, searchPageInput } from "../../common/schemas/search";
import type { InlinedQuery, Page, SearchHit } from "../../common/types";
import type { PageLoader } from "../content/page-model";
import { AppError } from "../errors";
import { decodeRankCursor } from "../pagination";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { cachedSearch, parseSearchQuery } from "./search.reads";

const values = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * /search?q=: rendered on the server like every public page (results readable without JavaScript,
 * the next page a plain link), kept out of search engines' indexes.
 */
export const searchPage: PageLoader = async (ctx, { query, address }) => {
  const { siteName } = await cachedPublicSiteSettings(ctx);
  const state = readSearchPage(searchPageInput((name) => values(query[name])));
  const base = {
    head: {
      title: `Search - ${siteName}`,
      description: `Search the posts of ${siteName}.`,
      canonicalPath: paths.search(),
      noindex: true,
    },
    queries: [] as InlinedQuery[],
    status: 200,
    cacheable: true,
    serverRendered: true,
  };
  if (state.kind === "empty") return base;
  if (state.kind === "invalid") return { ...base, status: 400, cacheable: false };
  // A cursor we did not make (an edited address) starts from the first result.
  const cursor = state.cursor && decodeRankCursor(state.cursor) ? state.cursor : null;
  const search = parseSearchQuery({ q: state.text, ...(cursor ? { cursor } : {}) });
  let page: Page<SearchHit>;
  try {
    ({ page } = await cachedSearch(ctx, search, address));
  } catch (error) {
    // Over the limit: the page without results, 429; the browser's own request says why.
    if (error instanceof AppError && error.statusCode === 429)
      return { ...base, status: 429, cacheable: false };
    throw error;
  }
  return {
    ...base,
    head: {
      ...base.head,
      title: `${state.text} - Search - ${siteName}`,
      description: `Posts on ${siteName} matching “${state.text}”.`,
      canonicalPath: paths.search(state.text),
    },
    queries: [inlineQuery(queryKeys.search(state.text, state.cursor), firstPageOf(page, cursor))],
    cacheable: false,
  };
};
