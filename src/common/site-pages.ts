import type { PostImage } from "./types";

// Pages: About, Privacy Policy, Terms of Service and any other page the authors write.
// Privacy and Terms keep SPEC's footer addresses; every other page lives at /p/{slug}, a prefix no
// SPEC route uses, so no page can ever shadow one.

export const PAGE_PLACEMENTS = ["none", "nav", "footer"] as const;
export type PagePlacement = (typeof PAGE_PLACEMENTS)[number];

/** The two pages every install has (SPEC §2 footer links); they cannot be renamed or unpublished. */
export const BUILT_IN_PAGES = ["privacy", "terms"] as const;
export type BuiltInPage = (typeof BUILT_IN_PAGES)[number];
export const isBuiltInPage = (slug: string): slug is BuiltInPage =>
  (BUILT_IN_PAGES as readonly string[]).includes(slug);

export const PAGE_TITLE_MAX_LENGTH = 120;
export const PAGE_SLUG_MAX_LENGTH = 60;
export const PAGE_CONTENT_MAX_LENGTH = 200_000;
/** Enough for any real site; keeps the navbar and footer lists (inlined in every page) small. */
export const PAGES_MAX_COUNT = 50;

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses refused for new pages: the first segments of the site's routes and server paths. A
 * page at /p/{slug} could not shadow them, but a link named like a route would mislead readers,
 * and this keeps a later move to /{slug} open.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  "p",
  "new",
  "his-blog",
  "her-blog",
  "contact",
  "post",
  "tags",
  "search",
  "login",
  "register",
  "forgot-password",
  "reset-password",
  "admin",
  "profile",
  "subscriptions",
  "api",
  "uploads",
  "assets",
  "feed",
  "sitemap",
  "robots",
  "metrics",
]);

/** Where a page is read. */
export const pagePath = (slug: string): string => (isBuiltInPage(slug) ? `/${slug}` : `/p/${slug}`);

export type { PageLinks } from "./types";

/** A page as readers get it. */
export interface SitePage {
  slug: string;
  title: string;
  content: string;
  images: PostImage[];
  updatedAt: string | null;
}

/** A page as the authors manage it. */
export interface SitePageDetail extends SitePage {
  /** The stored page's id (its live document when writing together); null for a template. */
  id: string | null;
  published: boolean;
  placement: PagePlacement;
  position: number;
  /** A built-in page nobody saved yet: its template. */
  template: boolean;
}
