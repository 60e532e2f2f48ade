import type { SitePage, SitePageDetail } from "../site-pages";
import type { Endpoint } from "./endpoint";
import type { PageSlugParams } from "./params";

/** A published page for everyone; the authors also get drafts and details. */
export const pageRead: Endpoint<{ params: typeof PageSlugParams; response: SitePage | SitePageDetail }> = {
  method: "GET",
  path: "/api/pages/:slug",
};
