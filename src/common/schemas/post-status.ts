import { z } from "zod";
import { POST_STATUSES, type PostStatus } from "../limits";

/**
 * The publishing fields of the post create/update contract: `status` is draft,
 * scheduled or published; `publishAt` (ISO 8601 with a zone) is the publish time of a scheduled
 * post and is given exactly when status is 'scheduled'. Whether the time lies ahead is checked
 * by the server against its clock.
 */
export const PostStatusSchema = z.enum(POST_STATUSES, {
  error: "status must be 'draft', 'scheduled' or 'published'",
});

export const PublishAtSchema = z.iso.datetime({
  offset: true,
  error: "publishAt must be a date and time with its zone (ISO 8601)",
});

/** A published post's publish date, changed in the studio (a past time: lists reorder). */
export const PublishedAtSchema = z.iso.datetime({
  offset: true,
  error: "publishedAt must be a date and time with its zone (ISO 8601)",
});

export const PUBLISHING_MESSAGES = {
  publishedAtOnlyPublished: "publishedAt is only for a published post.",
  publishedAtInFuture: "A published post's date cannot be in the future: schedule it instead.",
  publishedAtTooEarly: "The publish date must be in 1970 or later.",
  publishAtRequired: "Choose the date and time to publish at.",
  publishAtOnlyScheduled: "publishAt is only for a scheduled post.",
  publishAtInPast: "The publish time must be in the future.",
  publishAtTooFar: "The publish time must be within five years.",
} as const;

/** The cross-field rule, for object schemas that include status and publishAt. */
export function checkPublishing(
  value: { status?: PostStatus; publishAt?: string; publishedAt?: string },
  ctx: z.RefinementCtx,
): void {
  if (value.publishedAt !== undefined && value.status !== "published")
    ctx.addIssue({
      code: "custom",
      path: ["publishedAt"],
      message: PUBLISHING_MESSAGES.publishedAtOnlyPublished,
    });
  if (value.status === "scheduled" && value.publishAt === undefined)
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: PUBLISHING_MESSAGES.publishAtRequired });
  if (value.status !== "scheduled" && value.publishAt !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: PUBLISHING_MESSAGES.publishAtOnlyScheduled,
    });
}
