import { FOLLOW_TEXT } from "../../../../common/audience";
import type { AuthorKey } from "../../../../common/limits";
import { ApiError } from "../../../lib/api";
import { siteBlogName } from "../../../lib/shell-data";

// What the pages the emailed links open say (/subscriptions).

export const blogNames = (authors: AuthorKey[]) => authors.map(siteBlogName).join(" and ");

export const UNSUBSCRIBE_TEXT = {
  question: "Stop getting emails about new posts? You can follow again at any time.",
  button: "Unsubscribe",
  busy: "Unsubscribing...",
  done: (author: AuthorKey) => `You will no longer get emails about new posts on ${siteBlogName(author)}.`,
} as const;

export const linkFailure = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? FOLLOW_TEXT.linkInvalid
    : "Something went wrong. Please try again.";
