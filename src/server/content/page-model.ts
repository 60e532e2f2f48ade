import type { ShellData, Viewer } from "../../common/types";
import type { AppContext } from "../context";

export interface PageHead {
  title: string;
  description: string;
  canonicalPath: string;
  image?: string | null;
  type?: "website" | "article";
  /** og article:published_time (post pages). */
  publishedTime?: string;
  modifiedTime?: string | null;
  /** JSON-LD for search engines (a BlogPosting on post pages). */
  jsonLd?: Record<string, unknown>;
  /** Keep the page out of search engines' indexes (search results). */
  noindex?: boolean;
  /** A post's `site.standard.document` record (AT-URI) in its author's Bluesky repository. */
  standardDocument?: string | null;
  /** The RSS feeds this page links to (default the whole blog's). */
  feeds?: Array<{ path: string; title: string }>;
}

/** What the server knows of a page before rendering it. */
export interface PageModel {
  head: PageHead;
  queries: ShellData["queries"];
  status: number;
  /** Whether the anonymous rendering may be kept until the next write (not for invented paths). */
  cacheable: boolean;
  /** Private pages (/admin, /profile) render in the browser only. */
  serverRendered: boolean;
  /** Answer a permanent redirect here instead (a post's id or earlier slug → its address). */
  redirect?: string;
}

export interface PageVisit {
  pathname: string;
  params: Record<string, string>;
  /** The parsed query string (`?q=` of /search). */
  query: Record<string, unknown>;
  viewer: Viewer | null;
  /** The client's address (behind a trusted proxy, the one it reports). */
  address: string;
}

export type PageLoader = (ctx: AppContext, page: PageVisit) => Promise<PageModel>;
