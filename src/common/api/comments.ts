import type { Comment } from "../engagement";
import type {
  BlockBodySchema,
  CommentBodySchema,
  CommentVisibilityBodySchema,
  NewCommentBodySchema,
} from "../schemas/comment";
import type { PageQuerySchema } from "../schemas/page-query";
import type { Page } from "../types";
import type { Endpoint } from "./endpoint";
import type { IdParams, PostIdParams } from "./params";

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
  params: typeof IdParams;
  body: typeof CommentBodySchema;
  response: Comment;
}> = { method: "PATCH", path: "/api/comments/:id" };

export const commentDelete: Endpoint<{ params: typeof IdParams; response: undefined }> = {
  method: "DELETE",
  path: "/api/comments/:id",
};

// Moderation (the post's author) and reports (signed-in readers).

export const commentVisibility: Endpoint<{
  params: typeof IdParams;
  body: typeof CommentVisibilityBodySchema;
  response: Comment;
}> = { method: "PATCH", path: "/api/comments/:id/visibility" };

export const blockCreate: Endpoint<{ body: typeof BlockBodySchema; response: { blocked: string } }> = {
  method: "POST",
  path: "/api/blocks",
};
