import type { AuthorKey } from "./limits";

// What a reader's page needs of the site settings, apart from their defaults and
// checks in site-settings.ts, which only the server and the studio load.

/** Every setting readers see, as one flat record (the form's fields, the API's JSON). */
export interface SiteSettings {
  siteName: string;
  /** Under the hero heading's site name in search results: the home page's meta description. */
  tagline: string;
  heroHeading: string;
  heroText: string;
  aboutText: string;
  /** A line under the copyright; empty: none. */
  footerText: string;
  /** #rrggbb accent of each theme, empty for the theme's own (one colour cannot reach 4.5:1 on both). */
  accentDark: string;
  accentLight: string;
  himBlogName: string;
  himBlogDescription: string;
  herBlogName: string;
  herBlogDescription: string;
  /** Her sidebar's board: a https://www.pinterest.com/ URL, "off" (no box), or "" (none set). */
  pinterestBoard: string;
  /** The logo (navbar and favicon): an image uploaded here, /uploads/blog-images/…; "" for none. */
  logoUrl: string;
}

export const PINTEREST_OFF = "off";

type BlogNames = Pick<SiteSettings, "himBlogName" | "herBlogName">;

/** The name readers see for an author who set no public name: every place that names a person asks here. */
export const AUTHOR_FALLBACK_NAMES: Record<AuthorKey, string> = { him: "Him", her: "Her" };

/**
 * An author's name as readers see it (the byline, letters, feeds, JSON-LD, the social web): the
 * name of their profile (which starts from the one they registered with), else 'Him' / 'Her'.
 */
export const publicAuthorName = (author: AuthorKey, name: string | null | undefined): string =>
  name?.trim() || AUTHOR_FALLBACK_NAMES[author];

/** A blog's name (SPEC §1 default 'His Blog' / 'Her Blog'): every place that names a blog asks here. */
export const blogName = (site: BlogNames, author: AuthorKey): string =>
  author === "him" ? site.himBlogName : site.herBlogName;

/** The board her sidebar loads: null when none is set (SPEC's 5 s fallback) or switched off. */
export const pinterestBoardUrl = (site: Pick<SiteSettings, "pinterestBoard">): string | null =>
  site.pinterestBoard && site.pinterestBoard !== PINTEREST_OFF ? site.pinterestBoard : null;
