import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "../limits";
import { strictBody } from "./body";
import { COMMENT_MESSAGES } from "./comment-messages";

// SPEC §5 comment rule and its messages; the route parses with it, the form checks with it.
export { COMMENT_MESSAGES };

/** Trimmed text, non-empty, within the limit; kept whole (never cut) and stored as typed. */
export const CommentTextSchema = z
  .string({ message: COMMENT_MESSAGES.notText })
  .trim()
  .min(1, COMMENT_MESSAGES.empty)
  .max(COMMENT_MAX_LENGTH, COMMENT_MESSAGES.tooLong);

export const CommentBodySchema = strictBody({ content: CommentTextSchema });
export type CommentBody = z.infer<typeof CommentBodySchema>;

/** A new comment, or a reply to the comment `replyTo` (a top-level comment or a reply under it). */
export const NewCommentBodySchema = strictBody({
  content: CommentTextSchema,
  replyTo: z
    .string({ message: "replyTo must be a comment id." })
    .max(100, "replyTo must be a comment id.")
    .optional(),
});

/** The post's author hides a comment from readers, or shows it again. */
export const CommentVisibilityBodySchema = strictBody({
  hidden: z.boolean({ message: "hidden must be true or false." }),
});

/** A reader reports a comment to the post's author, with an optional reason. */
export const CommentReportBodySchema = strictBody({
  reason: z
    .string({ message: "reason must be text." })
    .trim()
    .max(500, "reason must be at most 500 characters.")
    .optional(),
});

/** The post's author blocks a reader from commenting on their blog. */
export const BlockBodySchema = strictBody({
  userId: z
    .string({ message: "userId must be text." })
    .min(1, "userId is required.")
    .max(100, "userId is not valid."),
});

/** `GET /api/blocks` takes no query: unknown fields are refused. */
export const BlocksQuerySchema = z.strictObject({});

export const ModerationSettingsBodySchema = strictBody({
  holdFirstComments: z.boolean({ message: "holdFirstComments must be true or false." }),
});
