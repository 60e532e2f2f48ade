import type { FirstHour } from "../first-hour";
import type { AuthorProfileBodySchema } from "../schemas/author-profile";
import type { OwnPostsQuerySchema } from "../schemas/own-posts";
import type { RevisionCompareQuerySchema, RevisionListQuerySchema } from "../schemas/revisions";
import type { CreatePageSchema, UpdatePageSchema } from "../schemas/site-page";
import type { SiteSettingsBodySchema } from "../schemas/site-settings";
import type { SitePageDetail } from "../site-pages";
import type { AuthorSiteSettings, SiteSettings } from "../site-settings";
import type {
  AuthorProfile,
  BlogPost,
  OwnPostCard,
  Page,
  PostRevisionSummary,
  RevisionComparison,
} from "../types";
import type { Endpoint } from "./endpoint";
import type {
  AuthorParams,
  EmptyQuery,
  NoData,
  PageSlugParams,
  PostIdParams,
  PostRevisionParams,
} from "./params";

// The studio's calls: who may make each is in its contract row (contract/studio.ts).

export const ownPosts: Endpoint<{ query: typeof OwnPostsQuerySchema; response: Page<OwnPostCard> }> = {
  method: "GET",
  path: "/api/me/posts",
};
export const firstHour: Endpoint<{ response: FirstHour }> = { method: "GET", path: "/api/me/first-hour" };
export const demoPostsCount: Endpoint<{ response: { count: number } }> = {
  method: "GET",
  path: "/api/admin/demo-posts",
};
export const demoPostsRemove: Endpoint<{
  query: typeof EmptyQuery;
  body: typeof NoData;
  response: { removed: number };
}> = {
  method: "DELETE",
  path: "/api/admin/demo-posts",
};
export const revisionsList: Endpoint<{
  params: typeof PostIdParams;
  query: typeof RevisionListQuerySchema;
  response: Page<PostRevisionSummary>;
}> = { method: "GET", path: "/api/posts/:id/revisions" };
export const revisionCompare: Endpoint<{
  params: typeof PostRevisionParams;
  query: typeof RevisionCompareQuerySchema;
  response: RevisionComparison;
}> = { method: "GET", path: "/api/posts/:id/revisions/:revisionId" };
export const revisionRestore: Endpoint<{
  params: typeof PostRevisionParams;
  body: typeof NoData;
  response: BlogPost;
}> = {
  method: "POST",
  path: "/api/posts/:id/revisions/:revisionId/restore",
};
export const authorUpdate: Endpoint<{
  params: typeof AuthorParams;
  body: typeof AuthorProfileBodySchema;
  response: AuthorProfile;
}> = { method: "PUT", path: "/api/authors/:author" };
/** What readers see; the contact recipients too for the two authors. */
export const settingsRead: Endpoint<{ response: SiteSettings | AuthorSiteSettings }> = {
  method: "GET",
  path: "/api/settings",
};
export const settingsUpdate: Endpoint<{ body: typeof SiteSettingsBodySchema; response: AuthorSiteSettings }> =
  {
    method: "PUT",
    path: "/api/settings",
  };
/** The change list's shape lives with the settings page (client); `unknown` here. */
export const settingsChanges: Endpoint<{ response: unknown }> = {
  method: "GET",
  path: "/api/settings/changes",
};
export const settingsTestContact: Endpoint<{ body: typeof NoData; response: { sentTo: string[] } }> = {
  method: "POST",
  path: "/api/settings/test-contact",
};
export const pagesList: Endpoint<{ response: SitePageDetail[] }> = { method: "GET", path: "/api/pages" };
export const pageCreate: Endpoint<{ body: typeof CreatePageSchema; response: SitePageDetail }> = {
  method: "POST",
  path: "/api/pages",
};
export const pageUpdate: Endpoint<{
  params: typeof PageSlugParams;
  body: typeof UpdatePageSchema;
  response: SitePageDetail;
}> = { method: "PUT", path: "/api/pages/:slug" };
export const pageDelete: Endpoint<{ params: typeof PageSlugParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/pages/:slug",
};
