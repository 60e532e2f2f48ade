import type {
  BlockServerBodySchema,
  FediverseFollowersQuerySchema,
  FediverseHandleBodySchema,
  FediverseSettingsBodySchema,
  FollowRequestBodySchema,
} from "../schemas/fediverse";
import type { Endpoint } from "./endpoint";
import type { BlockedHostParams, EmptyQuery, NoData, ReportIdParams } from "./params";

// The social web (ActivityPub) as the authors manage it. The account's and followers' shapes live
// with the Audience page (client); `unknown` here.

export const fediverseAccount: Endpoint<{ response: unknown }> = {
  method: "GET",
  path: "/api/admin/fediverse",
};
export const fediverseHandle: Endpoint<{ body: typeof FediverseHandleBodySchema; response: unknown }> = {
  method: "PUT",
  path: "/api/admin/fediverse/handle",
};
export const fediverseFollowersList: Endpoint<{
  query: typeof FediverseFollowersQuerySchema;
  response: unknown;
}> = {
  method: "GET",
  path: "/api/admin/fediverse/followers",
};
export const blockedServers: Endpoint<{ response: { items: { host: string; since: string }[] } }> = {
  method: "GET",
  path: "/api/admin/fediverse/blocked-servers",
};
export const blockedServerAdd: Endpoint<{ body: typeof BlockServerBodySchema; response: { host: string } }> =
  {
    method: "POST",
    path: "/api/admin/fediverse/blocked-servers",
  };
export const blockedServerRemove: Endpoint<{ params: typeof BlockedHostParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/admin/fediverse/blocked-servers/:host",
};
export const fediverseSettings: Endpoint<{ body: typeof FediverseSettingsBodySchema; response: unknown }> = {
  method: "PUT",
  path: "/api/admin/fediverse/settings",
};
export const followRequests: Endpoint<{ query: typeof FediverseFollowersQuerySchema; response: unknown }> = {
  method: "GET",
  path: "/api/admin/fediverse/follow-requests",
};
export const followRequestAccept: Endpoint<{ body: typeof FollowRequestBodySchema; response: unknown }> = {
  method: "POST",
  path: "/api/admin/fediverse/follow-requests/accept",
};
export const followRequestReject: Endpoint<{ body: typeof FollowRequestBodySchema; response: unknown }> = {
  method: "POST",
  path: "/api/admin/fediverse/follow-requests/reject",
};
/** Reports about posts forwarded by remote servers (`Flag`); the shape lives with the Inbox. */
export const fediverseReports: Endpoint<{ query: typeof EmptyQuery; response: unknown }> = {
  method: "GET",
  path: "/api/admin/fediverse/reports",
};
export const fediverseReportDismiss: Endpoint<{
  params: typeof ReportIdParams;
  body: typeof NoData;
  response: undefined;
}> = {
  method: "POST",
  path: "/api/admin/fediverse/reports/:id/dismiss",
};
