import type { BlockedReader, Comment } from "../engagement";
import type {
  BlockBodySchema,
  BlocksQuerySchema,
  CommentBodySchema,
  CommentReportBodySchema,
  CommentVisibilityBodySchema,
  ModerationSettingsBodySchema,
  NewCommentBodySchema,
} from "../schemas/comment";
import type { PageQuerySchema } from "../schemas/page-query";
import type { Page } from "../types";
import type { Endpoint } from "./endpoint";
import type { LooseIdParams, PostIdParams, UserIdParams } from "./params";

export const commentsList: Endpoint<{
  params: typeof PostIdParams;
  query: typeof PageQuerySchema;
  response: Page<Comment>;
}> = { method: "GET", path: "/api/posts/:id/comments" };

export const commentCreate: Endpoint<{
  params: typeof PostIdParams;
  body: typeof NewCommentBodySchema;
  response: Comment;
}> = { method: "POST", path: "/api/posts/:id/comments" };

export const commentUpdate: Endpoint<{
  params: typeof LooseIdParams;
  body: typeof CommentBodySchema;
  response: Comment;
}> = { method: "PATCH", path: "/api/comments/:id" };

export const commentDelete: Endpoint<{ params: typeof LooseIdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/comments/:id",
};

// Moderation (the post's author) and reports (signed-in readers).

export const commentVisibility: Endpoint<{
  params: typeof LooseIdParams;
  body: typeof CommentVisibilityBodySchema;
  response: Comment;
}> = { method: "PATCH", path: "/api/comments/:id/visibility" };

export const commentApprove: Endpoint<{ params: typeof LooseIdParams; response: Comment }> = {
  method: "POST",
  path: "/api/comments/:id/approve",
};

export const commentDismissReports: Endpoint<{ params: typeof LooseIdParams; response: unknown }> = {
  method: "POST",
  path: "/api/comments/:id/dismiss-reports",
};

export const commentReport: Endpoint<{
  params: typeof LooseIdParams;
  body: typeof CommentReportBodySchema;
  response: unknown;
}> = { method: "POST", path: "/api/comments/:id/report" };

export const blocksList: Endpoint<{ query: typeof BlocksQuerySchema; response: { items: BlockedReader[] } }> =
  {
    method: "GET",
    path: "/api/blocks",
  };

export const blockCreate: Endpoint<{ body: typeof BlockBodySchema; response: { blocked: string } }> = {
  method: "POST",
  path: "/api/blocks",
};

export const blockDelete: Endpoint<{ params: typeof UserIdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/blocks/:userId",
};

/** The review list's shape lives with the inbox (client); `unknown` here. */
export const moderationRead: Endpoint<{ response: unknown }> = { method: "GET", path: "/api/moderation" };

export const moderationUpdate: Endpoint<{ body: typeof ModerationSettingsBodySchema; response: unknown }> = {
  method: "PATCH",
  path: "/api/moderation",
};
