import type { NotificationSettingsResult } from "../audience";
import type { AudienceFollowers, ImportResult } from "../audience-page";
import type { AudienceQuerySchema, ImportBodySchema, TestEmailBodySchema } from "../schemas/audience";
import type {
  MailboxVerifyBodySchema,
  NotificationSettingsBodySchema,
  NotificationStopQuerySchema,
} from "../schemas/follow";
import type { Endpoint } from "./endpoint";
import type { IdParams } from "./params";

// Reply notifications (a reader's /profile) and the authors' Audience page; following by email is
// in follow.ts.

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
export const audienceRemove: Endpoint<{ params: typeof IdParams; response: undefined }> = {
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
