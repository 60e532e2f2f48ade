import type { AuthorKey } from "../../common/limits";
import { AUTHOR_TITLES } from "../../common/routes";
import { blogName } from "../../common/site-names";
import type { SiteSettings } from "../../common/site-settings";
import type { ShellData } from "../../common/types";

/** What the server inlined into the page (see server/shell/page-shell.ts). */
// Only a page the server did not render has no data (the Vite dev server): names, no texts. The
// defaults' texts stay out of every reader's first load (the reader's budget: e2e/reader-budget.spec.ts).
const FALLBACK_SITE: SiteSettings = {
  siteName: "Duet",
  tagline: "",
  heroHeading: "Welcome to Duet",
  heroText: "",
  aboutText: "",
  footerText: "",
  accentDark: "",
  accentLight: "",
  himBlogName: AUTHOR_TITLES.him,
  himBlogDescription: "",
  herBlogName: AUTHOR_TITLES.her,
  herBlogDescription: "",
  pinterestBoard: "",
  logoUrl: "",
};

export function readShellData(): ShellData {
  const el = document.getElementById("duet-data");
  const fallback: ShellData = {
    viewer: null,
    siteName: FALLBACK_SITE.siteName,
    site: FALLBACK_SITE,
    publicUrl: location.origin,
    pinterestBoardUrl: null,
    pageLinks: { nav: [], footer: [] },
    queries: [],
  };
  if (!el?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(el.textContent) as Partial<ShellData>) };
  } catch {
    return fallback;
  }
}

let shellCache: ShellData | undefined;
let serverShell: ShellData | undefined;

/** On the server: the data of the page being rendered (set just before its synchronous render). */
export function setServerShell(data: ShellData): void {
  serverShell = data;
}

/** What the server inlined into the page (site settings, public URL, Pinterest board), read once. */
export function shell(): ShellData {
  if (typeof document === "undefined") {
    if (!serverShell) throw new Error("No shell data on the server");
    return serverShell;
  }
  shellCache ??= readShellData();
  return shellCache;
}

/** The site settings readers see, as the server rendered the page with them. */
export const site = (): SiteSettings => shell().site;

/** A blog's name in force (SPEC §1 default 'His Blog' / 'Her Blog'). */
export const siteBlogName = (author: AuthorKey): string => blogName(site(), author);
