import {
  BUILT_IN_PAGES,
  isBuiltInPage,
  type PageLinks,
  pagePath,
  type SitePage,
  type SitePageDetail,
} from "../../common/site-pages";
import { escapeHtml } from "../content/escape-html";
import type { AppContext } from "../context";
import { cachedPublicSiteSettings } from "../settings/settings.reads";
import { listPageRows, type PageRow } from "./site-pages.repository";
import { PAGE_TEMPLATES } from "./templates";

// What readers and the studio see of the pages. Readers' views come from the content
// cache: every page write is a content write, so every process drops them (LISTEN/NOTIFY).

export const detailOf = (row: PageRow): SitePageDetail => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
  images: row.images,
  // The built-in pages are always published (SPEC §2 footer links).
  published: isBuiltInPage(row.slug) || row.published,
  placement: isBuiltInPage(row.slug) ? "footer" : row.placement,
  position: row.position,
  template: false,
});

/** A built-in page nobody saved yet: its template, with the site's name in it. */
export const templateOf = (slug: (typeof BUILT_IN_PAGES)[number], siteName: string): SitePageDetail => ({
  id: null,
  slug,
  title: PAGE_TEMPLATES[slug].title,
  content: PAGE_TEMPLATES[slug].content(escapeHtml(siteName)),
  updatedAt: null,
  images: [],
  published: true,
  placement: "footer",
  position: 0,
  template: true,
});

/** Every page for the studio: the stored ones, plus the templates of built-in pages not saved yet. */
export async function allPages(ctx: AppContext): Promise<SitePageDetail[]> {
  const rows = await listPageRows(ctx.db);
  const { siteName } = await cachedPublicSiteSettings(ctx);
  const stored = rows.map(detailOf);
  const missing = BUILT_IN_PAGES.filter((slug) => !rows.some((r) => r.slug === slug)).map((slug) =>
    templateOf(slug, siteName),
  );
  return [...missing, ...stored];
}

interface PublicPages {
  bySlug: Map<string, SitePage>;
  links: PageLinks;
}

const publicOf = ({ slug, title, content, images, updatedAt }: SitePageDetail): SitePage => ({
  slug,
  title,
  content,
  images,
  updatedAt,
});

/** The published pages and the navbar / footer links, from the content cache. */
export function cachedPublicPages(ctx: AppContext): Promise<PublicPages> {
  return ctx.cache.getOrLoad("site-pages", async () => {
    const published = (await allPages(ctx)).filter((p) => p.published);
    const linked = (where: "nav" | "footer") =>
      published
        .filter((p) => p.placement === where && !isBuiltInPage(p.slug))
        .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title))
        .map((p) => ({ title: p.title, path: pagePath(p.slug) }));
    return {
      bySlug: new Map(published.map((p) => [p.slug, publicOf(p)])),
      links: { nav: linked("nav"), footer: linked("footer") },
    };
  });
}

/** A published page, or null. */
export async function readPublicPage(ctx: AppContext, slug: string): Promise<SitePage | null> {
  return (await cachedPublicPages(ctx)).bySlug.get(slug) ?? null;
}
