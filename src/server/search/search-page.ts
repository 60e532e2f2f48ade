import { queryKeys } from "../../common/query-keys";
import { paths } from "../../common/routes";
import { readSearchPage, searchPageInput } from "../../common/schemas/search";
import { decodeRankCursor } from "../pagination";
import type { PageLoader } from "../shell/loaders";
import { cachedSearch, parseSearchQuery } from "./search.routes";

const values = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * /search?q=: rendered on the server like every public page (results readable without JavaScript,
 * the next page a plain link), kept out of search engines' indexes.
 */
export const searchPage: PageLoader = async (ctx, { query }) => {
  const { siteName } = ctx.config;
  const state = readSearchPage(searchPageInput((name) => values(query[name])));
  const base = {
    head: {
      title: `Search - ${siteName}`,
      description: `Search the posts of ${siteName}.`,
      canonicalPath: paths.search(),
      noindex: true,
    },
    queries: [] as Array<[unknown[], unknown]>,
    status: 200,
    cacheable: true,
    serverRendered: true,
  };
  if (state.kind === "empty") return base;
  if (state.kind === "invalid") return { ...base, status: 400, cacheable: false };
  // A cursor we did not make (an edited address) starts from the first result.
  const cursor = state.cursor && decodeRankCursor(state.cursor) ? state.cursor : null;
  const { page } = await cachedSearch(
    ctx,
    parseSearchQuery({ q: state.text, ...(cursor ? { cursor } : {}) }),
  );
  return {
    ...base,
    head: {
      ...base.head,
      title: `${state.text} - Search - ${siteName}`,
      description: `Posts on ${siteName} matching “${state.text}”.`,
      canonicalPath: paths.search(state.text),
    },
    queries: [[[...queryKeys.search(state.text, state.cursor)], { pages: [page], pageParams: [cursor] }]],
    cacheable: false,
  };
};
