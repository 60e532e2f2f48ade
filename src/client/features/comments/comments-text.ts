import { COMMENT_MESSAGES } from "../../../common/schemas/comment-messages";
import { ApiError } from "../../lib/api";

// SPEC §8 comment messages.
export const COMMENTS_TEXT = {
  empty: "No comments yet. Be the first to comment!",
  loggedOut: "Please log in to post a comment",
  blank: COMMENT_MESSAGES.empty,
  loadFailed: "Failed to load comments",
  /** A background refresh failed while comments were on screen: they stay, with this quiet note. */
  refreshFailed: "Comments could not be refreshed. Showing what was loaded.",
  postFailed: "Failed to post comment",
  updateFailed: "Failed to update comment",
  deleteFailed: "Failed to delete comment",
  confirmDelete: "Are you sure you want to delete this comment?",
} as const;

/** A refused input keeps the server's clear message (the length limit, a block); anything else is SPEC's failure text. */
export const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && [400, 401, 403].includes(error.status) ? error.message : fallback;

// The same text on the server and in the browser (hydration), whatever their locale and zone.
const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
export const formatTime = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`;

/** The permalink anchor of a comment (`#comment-{id}`). */
export const commentAnchor = (id: string) => `comment-${id}`;
