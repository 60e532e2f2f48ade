import type { BlockedReader, Comment } from "../engagement";
import type {
  BlocksQuerySchema,
  CommentReportBodySchema,
  ModerationSettingsBodySchema,
} from "../schemas/comment";
import type { PageQuerySchema } from "../schemas/page-query";
import type { Page } from "../types";
import type { Endpoint } from "./endpoint";
import type { IdParams, UserIdParams } from "./params";

// The authors' moderation (the inbox and the Audience page): apart from comments.ts, which the
// reader's post page bundles.

export const commentApprove: Endpoint<{ params: typeof IdParams; response: Comment }> = {
  method: "POST",
  path: "/api/comments/:id/approve",
};

export const commentDismissReports: Endpoint<{ params: typeof IdParams; response: unknown }> = {
  method: "POST",
  path: "/api/comments/:id/dismiss-reports",
};

export const commentReport: Endpoint<{
  params: typeof IdParams;
  body: typeof CommentReportBodySchema;
  response: unknown;
}> = { method: "POST", path: "/api/comments/:id/report" };

export const blocksList: Endpoint<{ query: typeof BlocksQuerySchema; response: { items: BlockedReader[] } }> =
  {
    method: "GET",
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

/** A comment on one of the signed-in author's posts, as the Inbox lists it. */
export interface InboxComment {
  id: string;
  postId: string;
  postSlug: string;
  postTitle: string;
  author: string;
  content: string;
  timestamp: string;
  read: boolean;
}

/** New comments on the signed-in author's posts, read and unread, newest first. */
export const inboxComments: Endpoint<{ query: typeof PageQuerySchema; response: Page<InboxComment> }> = {
  method: "GET",
  path: "/api/inbox/comments",
};

export const inboxCommentRead: Endpoint<{ params: typeof IdParams; response: undefined }> = {
  method: "POST",
  path: "/api/inbox/comments/:id/read",
};
