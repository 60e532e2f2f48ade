import type { AuthorKey } from "./limits";
import { isPostPublic, type VisibilityFields } from "./rules/post-visibility";
import type { Viewer } from "./types";

// SPEC §6, as pure predicates used by the server (to refuse) and the client (to hide buttons).

export const canPublish = (viewer: Viewer | null): boolean => !!viewer?.isAdmin && viewer.authorKey !== null;

/** Edit/delete a post: only the account tied to the post's author value. */
export const canManagePost = (viewer: Viewer | null, post: { author: AuthorKey }): boolean =>
  !!viewer?.isAdmin && viewer.authorKey === post.author;

/** The name, bio and photo readers see for an author: set by that author's account only. */
export const canEditAuthorProfile = (viewer: Viewer | null, author: AuthorKey): boolean =>
  canManagePost(viewer, { author });

/** Read a post: anyone once it is public; before that (draft, scheduled) only its author, to preview it. */
export const canReadPost = (
  viewer: Viewer | null,
  post: VisibilityFields & { author: AuthorKey },
  now: Date,
): boolean => isPostPublic(post, now) || canManagePost(viewer, post);

/** Edit/delete a comment: its writer, or the author of the post it is on. */
export const canManageComment = (
  viewer: Viewer | null,
  comment: { userId: string },
  post: { author: AuthorKey },
): boolean => !!viewer && (viewer.id === comment.userId || canManagePost(viewer, post));

/** Hide/show a comment, block its writer from the blog, approve a held one: the post's author only. */
export const canModerateComment = (viewer: Viewer | null, post: { author: AuthorKey }): boolean =>
  canManagePost(viewer, post);

/** Hidden and held comments reach only their writer and the post's author. */
export const canSeeComment = (
  viewer: Viewer | null,
  comment: { userId: string; hidden: boolean; held: boolean },
  post: { author: AuthorKey },
): boolean =>
  (!comment.hidden && !comment.held) || viewer?.id === comment.userId || canModerateComment(viewer, post);

/** Site settings: either of the two authors, nobody else. */
export const canEditSiteSettings = (viewer: Viewer | null): boolean => canPublish(viewer);

/** Accept or decline a two-takes proposal: the other author only, never its proposer. */
export const canAnswerPair = (viewer: Viewer | null, pair: { proposedBy: AuthorKey }): boolean =>
  canPublish(viewer) && viewer?.authorKey !== pair.proposedBy;
