import { AUDIENCE_TEXT } from "../../audience-page";
import { AudienceQuerySchema, ImportBodySchema, TestEmailBodySchema } from "../../schemas/audience";
import {
  ConfirmFollowBodySchema,
  FollowBodySchema,
  MailboxVerifyBodySchema,
  NotificationSettingsBodySchema,
  NotificationStopQuerySchema,
  TokenQuerySchema,
} from "../../schemas/follow";
import {
  audienceCsv,
  audienceFollowers,
  audienceImport,
  audienceRemove,
  audienceTestEmail,
  notifications,
  notificationsStop,
  notificationsUpdate,
  notificationsVerify,
  notificationsVerifyRequest,
} from "../audience";
import { follow, followConfirm, following, followStats, followUnsubscribe } from "../follow";
import { IdParams } from "../params";
import { row } from "./contract";

const tags = ["Following"] as const;
const studio = ["Studio"] as const;
const LINK = ["VALIDATION_ERROR", "NOT_FOUND"] as const;
const SIGNED_IN = ["UNAUTHORIZED", "VALIDATION_ERROR"] as const;
const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;

export const audienceRows = [
  row(follow, {
    who: "anyone",
    summary: "Follow him, her or both by email",
    tags,
    body: FollowBodySchema,
    errors: ["VALIDATION_ERROR", "TOO_MANY_REQUESTS"],
  }),
  row(followConfirm, {
    who: "anyone",
    summary: "Confirm a follow (the emailed link)",
    tags,
    body: ConfirmFollowBodySchema,
    errors: LINK,
  }),
  row(following, {
    who: "signed-in",
    summary: "What the signed-in reader's address follows",
    tags,
    errors: ["UNAUTHORIZED"],
  }),
  row(followStats, {
    who: "authors",
    summary: "The author's confirmed followers",
    tags: studio,
    errors: AUTHORS,
  }),
  row(followUnsubscribe, {
    who: "anyone",
    summary: "Stop following (the emailed link)",
    tags,
    query: TokenQuerySchema,
    errors: LINK,
  }),
  row(notifications, {
    who: "signed-in",
    summary: "The reader's reply notifications",
    tags,
    errors: ["UNAUTHORIZED"],
  }),
  row(notificationsUpdate, {
    who: "signed-in",
    summary: "Switch reply or comment emails",
    tags,
    body: NotificationSettingsBodySchema,
    errors: SIGNED_IN,
  }),
  row(notificationsVerifyRequest, {
    who: "signed-in",
    summary: "Send the link that proves the address",
    tags,
    errors: ["UNAUTHORIZED", "TOO_MANY_REQUESTS"],
  }),
  row(notificationsVerify, {
    who: "anyone",
    summary: "Prove the address (the link)",
    tags,
    body: MailboxVerifyBodySchema,
    errors: LINK,
  }),
  row(notificationsStop, {
    who: "anyone",
    summary: "Stop one kind of notification (the link)",
    tags,
    query: NotificationStopQuerySchema,
    errors: LINK,
  }),
  row(audienceFollowers, {
    who: "authors",
    summary: "The author's followers",
    tags: studio,
    query: AudienceQuerySchema,
    errors: AUTHORS,
  }),
  row(audienceCsv, {
    who: "authors",
    summary: "The author's followers as CSV",
    tags: studio,
    errors: AUTHORS,
  }),
  row(audienceRemove, {
    who: "authors",
    summary: "Remove a follower",
    tags: studio,
    params: IdParams,
    paramsNotFound: AUDIENCE_TEXT.followerNotFound,
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
  row(audienceImport, {
    who: "authors",
    summary: "Import followers from CSV",
    tags: studio,
    body: ImportBodySchema,
    errors: AUTHORS,
  }),
  row(audienceTestEmail, {
    who: "authors",
    summary: "Send the author a post's follower email",
    tags: studio,
    body: TestEmailBodySchema,
    errors: [...AUTHORS, "NOT_FOUND", "TOO_MANY_REQUESTS"],
  }),
];
