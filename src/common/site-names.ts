import type { AuthorKey } from "./limits";
import type { SiteSettings } from "./site-settings";

// What a reader's page needs of the site settings (issue 21), apart from their defaults and
// checks in site-settings.ts, which only the server and the studio load.

export const PINTEREST_OFF = "off";

type BlogNames = Pick<SiteSettings, "himBlogName" | "herBlogName">;

/** A blog's name (SPEC §1 default 'His Blog' / 'Her Blog'): every place that names a blog asks here. */
export const blogName = (site: BlogNames, author: AuthorKey): string =>
  author === "him" ? site.himBlogName : site.herBlogName;

export const blogDescription = (
  site: Pick<SiteSettings, "himBlogDescription" | "herBlogDescription">,
  author: AuthorKey,
): string => (author === "him" ? site.himBlogDescription : site.herBlogDescription);

/** The board her sidebar loads: null when none is set (SPEC's 5 s fallback) or switched off. */
export const pinterestBoardUrl = (site: Pick<SiteSettings, "pinterestBoard">): string | null =>
  site.pinterestBoard && site.pinterestBoard !== PINTEREST_OFF ? site.pinterestBoard : null;
