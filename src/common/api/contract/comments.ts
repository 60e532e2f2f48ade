import {
  BlockBodySchema,
  BlocksQuerySchema,
  CommentBodySchema,
  CommentReportBodySchema,
  CommentVisibilityBodySchema,
  ModerationSettingsBodySchema,
  NewCommentBodySchema,
} from "../../schemas/comment";
import { PageQuerySchema } from "../../schemas/page-query";
import { blockCreate, commentCreate, commentDelete, commentUpdate, commentVisibility } from "../comments";
import {
  blockDelete,
  blocksList,
  commentApprove,
  commentDismissReports,
  commentReport,
  inboxCommentRead,
  inboxComments,
  moderationRead,
  moderationUpdate,
} from "../moderation";
import { IdParams, PostIdParams, UserIdParams } from "../params";
import { row } from "./contract";
import { CommentSchema } from "./responses";

const SIGNED_IN = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_ERROR"] as const;
const AUTHORS = ["UNAUTHORIZED", "FORBIDDEN", "VALIDATION_ERROR"] as const;
const tags = ["Comments"] as const;

/** Comment writes and moderation: `who` is checked before what is sent (a visitor's 401 first). */
export const commentRows = [
  row(commentCreate, {
    who: "signed-in",
    unauthorized: "Please log in to post a comment",
    summary: "Comment on a post, or reply (signed-in readers)",
    tags,
    params: PostIdParams,
    paramsNotFound: "Post not found",
    body: NewCommentBodySchema,
    response: CommentSchema,
    errors: [...SIGNED_IN, "BLOCKED", "TOO_MANY_REQUESTS"],
  }),
  row(commentUpdate, {
    who: "signed-in",
    summary: "Edit a comment (its writer)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    body: CommentBodySchema,
    response: CommentSchema,
    errors: SIGNED_IN,
  }),
  row(commentDelete, {
    who: "signed-in",
    summary: "Delete a comment (its writer or the post's author)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    errors: SIGNED_IN,
  }),
  row(commentVisibility, {
    who: "signed-in",
    summary: "Hide or show a comment (the post's author)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    body: CommentVisibilityBodySchema,
    response: CommentSchema,
    errors: SIGNED_IN,
  }),
  row(commentApprove, {
    who: "signed-in",
    summary: "Approve a held comment (the post's author)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    response: CommentSchema,
    errors: SIGNED_IN,
  }),
  row(commentDismissReports, {
    who: "signed-in",
    summary: "Dismiss a comment's reports (the post's author)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    errors: SIGNED_IN,
  }),
  row(commentReport, {
    who: "signed-in",
    summary: "Report a comment to the post's author (signed-in readers)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    body: CommentReportBodySchema,
    // BAD_REQUEST: 'You cannot report your own comment.'
    errors: [...SIGNED_IN, "BAD_REQUEST", "TOO_MANY_REQUESTS"],
  }),
  row(blocksList, {
    who: "authors",
    summary: "Readers the signed-in author blocked",
    tags,
    query: BlocksQuerySchema,
    errors: AUTHORS,
  }),
  row(blockCreate, {
    who: "authors",
    summary: "Block a reader from commenting (an author)",
    tags,
    body: BlockBodySchema,
    errors: [...AUTHORS, "NOT_FOUND", "BAD_REQUEST"],
  }),
  row(blockDelete, {
    who: "authors",
    summary: "Unblock a reader (an author)",
    tags,
    params: UserIdParams,
    errors: AUTHORS,
  }),
  row(inboxComments, {
    who: "authors",
    summary: "New comments on the author's posts, newest first (an author)",
    tags,
    query: PageQuerySchema,
    errors: AUTHORS,
  }),
  row(inboxCommentRead, {
    who: "authors",
    summary: "Mark a comment on the author's post as read (an author)",
    tags,
    params: IdParams,
    paramsNotFound: "Comment not found",
    errors: [...AUTHORS, "NOT_FOUND"],
  }),
  row(moderationRead, {
    who: "authors",
    summary: "The author's review list and setting",
    tags,
    errors: AUTHORS,
  }),
  row(moderationUpdate, {
    who: "authors",
    summary: "Hold first comments for approval, or not (an author)",
    tags,
    body: ModerationSettingsBodySchema,
    errors: AUTHORS,
  }),
];
