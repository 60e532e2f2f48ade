import { inlineQuery, queryKeys } from "../../common/query-keys";
import { metaDescription } from "../../common/rules/meta";
import { isBuiltInPage, pagePath, type SitePage } from "../../common/site-pages";
import type { PageLoader, PageModel } from "../content/page-model";
import type { AppContext } from "../context";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { detailOf, readPublicPage } from "./site-pages.reads";
import { findPageRow } from "./site-pages.repository";

/**
 * A page the authors wrote, rendered on the server: /privacy, /terms or /p/{slug}.
 * Readers get published pages from the content cache; an author also previews a draft.
 */
export const sitePageLoader =
  (fixed?: "privacy" | "terms"): PageLoader =>
  async (ctx: AppContext, { params, viewer }): Promise<PageModel> => {
    const { siteName } = await cachedPublicSiteSettings(ctx);
    const slug = fixed ?? params.slug ?? "";
    // Built-in pages only at their own address: /p/privacy is not a second copy.
    const wrongAddress = !fixed && isBuiltInPage(slug);
    let page: SitePage | null = wrongAddress ? null : await readPublicPage(ctx, slug);
    let preview = false;
    if (!page && !wrongAddress && viewer?.authorKey && /^[a-z0-9-]{1,60}$/.test(slug)) {
      const row = await findPageRow(ctx.db, slug);
      if (row) {
        page = detailOf(row);
        preview = true;
      }
    }
    if (!page) {
      return {
        head: {
          title: `Page not found - ${siteName}`,
          description: "Page not found",
          canonicalPath: pagePath(slug),
        },
        queries: [inlineQuery(queryKeys.sitePage(slug), null)],
        status: 404,
        cacheable: false,
        serverRendered: true,
      };
    }
    return {
      head: {
        title: `${page.title} - ${siteName}`,
        description: metaDescription(page.content, page.title),
        canonicalPath: pagePath(page.slug),
      },
      queries: [inlineQuery(queryKeys.sitePage(slug), page)],
      status: 200,
      cacheable: !preview,
      serverRendered: true,
    };
  };
