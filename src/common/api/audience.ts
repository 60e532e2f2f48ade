import type { Following, FollowResult, NotificationSettingsResult } from "../audience";
import type { AudienceFollowers, ImportResult } from "../audience-page";
import type { AuthorKey } from "../limits";
import type { AudienceQuerySchema, ImportBodySchema, TestEmailBodySchema } from "../schemas/audience";
import type {
  ConfirmFollowBodySchema,
  FollowBodySchema,
  MailboxVerifyBodySchema,
  NotificationSettingsBodySchema,
  NotificationStopQuerySchema,
  TokenQuerySchema,
} from "../schemas/follow";
import type { Endpoint } from "./endpoint";
import type { LooseIdParams } from "./params";

// Following by email, reply notifications, and the authors' Audience page.

export const follow: Endpoint<{ body: typeof FollowBodySchema; response: FollowResult }> = {
  method: "POST",
  path: "/api/follow",
};
export const followConfirm: Endpoint<{ body: typeof ConfirmFollowBodySchema; response: Following }> = {
  method: "POST",
  path: "/api/follow/confirm",
};
export const following: Endpoint<{ response: Following }> = { method: "GET", path: "/api/follow" };
export const followStats: Endpoint<{ response: { followers: number } }> = {
  method: "GET",
  path: "/api/follow/stats",
};
/** Also the one-click target of mail clients (List-Unsubscribe-Post): cross-site allowed. */
export const followUnsubscribe: Endpoint<{
  query: typeof TokenQuerySchema;
  response: { unsubscribed: AuthorKey };
}> = { method: "POST", path: "/api/follow/unsubscribe" };
export const notifications: Endpoint<{ response: NotificationSettingsResult }> = {
  method: "GET",
  path: "/api/notifications",
};
export const notificationsUpdate: Endpoint<{
  body: typeof NotificationSettingsBodySchema;
  response: NotificationSettingsResult;
}> = { method: "PATCH", path: "/api/notifications" };
export const notificationsVerifyRequest: Endpoint<{ response: NotificationSettingsResult }> = {
  method: "POST",
  path: "/api/notifications/verify-request",
};
export const notificationsVerify: Endpoint<{
  body: typeof MailboxVerifyBodySchema;
  response: { verified: boolean };
}> = { method: "POST", path: "/api/notifications/verify" };
export const notificationsStop: Endpoint<{
  query: typeof NotificationStopQuerySchema;
  response: { stopped: string };
}> = { method: "POST", path: "/api/notifications/unsubscribe" };
export const audienceFollowers: Endpoint<{ query: typeof AudienceQuerySchema; response: AudienceFollowers }> =
  {
    method: "GET",
    path: "/api/audience/followers",
  };
/** text/csv, a download. */
export const audienceCsv: Endpoint<{ response: unknown }> = {
  method: "GET",
  path: "/api/audience/followers.csv",
};
export const audienceRemove: Endpoint<{ params: typeof LooseIdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/audience/followers/:id",
};
export const audienceImport: Endpoint<{ body: typeof ImportBodySchema; response: ImportResult }> = {
  method: "POST",
  path: "/api/audience/import",
};
export const audienceTestEmail: Endpoint<{ body: typeof TestEmailBodySchema; response: { sentTo: string } }> =
  {
    method: "POST",
    path: "/api/audience/test-email",
  };
