import type { Viewer } from "../../common/types";
import type { AppContext } from "../context";
import type { PageHead, ShellData } from "./html";

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

export interface PageRequest {
  pathname: string;
  params: Record<string, string>;
  /** The parsed query string (`?q=` of /search). */
  query: Record<string, unknown>;
  viewer: Viewer | null;
  /** The client's address (behind a trusted proxy, the one it reports). */
  address: string;
}

export type PageLoader = (ctx: AppContext, page: PageRequest) => Promise<PageModel>;
