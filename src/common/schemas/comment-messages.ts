import { COMMENT_MAX_LENGTH } from "../limits";

/**
 * SPEC §5 comment messages, apart from the schema (comment.ts) so a reader's page can show them
 * without loading zod: the comment form, which checks with the schema, loads only for signed-in users.
 */
export const COMMENT_MESSAGES = {
  empty: "Comment cannot be empty",
  tooLong: `Comment is too long (maximum ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters).`,
  notText: "Comment must be text.",
} as const;
