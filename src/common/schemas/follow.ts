import { z } from "zod";
import { FOLLOW_TEXT } from "../audience";
import { AUTHORS, EMAIL_MAX_LENGTH } from "../limits";
import { strictBody } from "./body";

// Follow by email: the request contracts, shared by the API and the follow form.

export const FollowEmailSchema = z
  .string({ message: "Email must be text." })
  .trim()
  .min(1, FOLLOW_TEXT.emailRequired)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email(FOLLOW_TEXT.emailInvalid));

/** Follow one or both authors; a signed-in reader may leave `email` out (their account's is used). */
export const FollowBodySchema = strictBody({
  email: FollowEmailSchema.optional(),
  authors: z
    .array(z.enum(AUTHORS, { message: "authors must be 'him' and/or 'her'." }), {
      message: "authors must be a list.",
    })
    .min(1, FOLLOW_TEXT.chooseBlog)
    .max(2, FOLLOW_TEXT.chooseBlog)
    .refine((a) => new Set(a).size === a.length, FOLLOW_TEXT.chooseBlog),
});

/** The secret of an emailed link. */
export const LinkTokenSchema = z
  .string({ message: FOLLOW_TEXT.linkInvalid })
  .min(16, FOLLOW_TEXT.linkInvalid)
  .max(100, FOLLOW_TEXT.linkInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, FOLLOW_TEXT.linkInvalid);

export const ConfirmFollowBodySchema = strictBody({
  tokens: z
    .array(LinkTokenSchema, { message: FOLLOW_TEXT.linkInvalid })
    .min(1, FOLLOW_TEXT.linkInvalid)
    .max(2, FOLLOW_TEXT.linkInvalid),
});

export const TokenQuerySchema = z.strictObject({ token: LinkTokenSchema });

export const NOTIFICATION_SETTINGS_EMPTY_MESSAGE =
  "Say which emails to switch: replies, comments, takes, notes, or several.";

/** The kinds of notification email, each switched on or off on /profile. */
export const NOTIFICATION_KINDS = ["replies", "comments", "takes", "notes"] as const;

/** /profile: switch notification emails on or off; a change names at least one kind. */
export const NotificationSettingsBodySchema = strictBody({
  replies: z.boolean({ message: "replies must be true or false." }).optional(),
  comments: z.boolean({ message: "comments must be true or false." }).optional(),
  takes: z.boolean({ message: "takes must be true or false." }).optional(),
  notes: z.boolean({ message: "notes must be true or false." }).optional(),
}).refine((change) => NOTIFICATION_KINDS.some((kind) => change[kind] !== undefined), {
  message: NOTIFICATION_SETTINGS_EMPTY_MESSAGE,
});

/** The "stop these emails" link of a notification. */
export const NotificationStopQuerySchema = z.strictObject({
  token: LinkTokenSchema,
  kind: z.enum(NOTIFICATION_KINDS, { message: FOLLOW_TEXT.linkInvalid }),
});

/** The notification-address link's page posts its secret. */
export const MailboxVerifyBodySchema = strictBody({ token: LinkTokenSchema });
