import type { ContactMessage } from "../engagement";
import type { ContactBodySchema } from "../schemas/contact";
import type { PageQuerySchema } from "../schemas/page-query";
import type { PostStatsQuerySchema, StatsQuerySchema } from "../schemas/stats";
import type { PostStats, StatsReport } from "../stats";
import type { Page, Viewer } from "../types";
import type { Endpoint } from "./endpoint";
import type { EmptyQuery } from "./params";

// Contact, the studio's numbers, uploads, moving in and out, the session and health.

export const contactSend: Endpoint<{ body: typeof ContactBodySchema; response: { received: true } }> = {
  method: "POST",
  path: "/api/contact",
};
export const contactMessages: Endpoint<{ query: typeof PageQuerySchema; response: Page<ContactMessage> }> = {
  method: "GET",
  path: "/api/contact/messages",
};
export const stats: Endpoint<{ query: typeof StatsQuerySchema; response: StatsReport }> = {
  method: "GET",
  path: "/api/stats",
};
export const postStats: Endpoint<{ query: typeof PostStatsQuerySchema; response: { posts: PostStats[] } }> = {
  method: "GET",
  path: "/api/stats/posts",
};
/** multipart/form-data: `images` files (the upload's shape lives with the editor). */
export const uploads: Endpoint<{ response: unknown }> = { method: "POST", path: "/api/uploads" };
/** A streamed archive (application/gzip), not JSON. */
export const archiveExport: Endpoint<{ query: typeof EmptyQuery; response: unknown }> = {
  method: "GET",
  path: "/api/admin/export",
};
/** multipart/form-data: one archive file. */
export const archiveImport: Endpoint<{ response: unknown }> = { method: "POST", path: "/api/admin/import" };
export const session: Endpoint<{ response: { viewer: Viewer | null } }> = {
  method: "GET",
  path: "/api/session",
};
export const health: Endpoint<{ response: unknown }> = { method: "GET", path: "/api/health" };
export const ready: Endpoint<{ response: unknown }> = { method: "GET", path: "/api/ready" };
