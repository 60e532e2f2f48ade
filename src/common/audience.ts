// Follow by email and notifications: texts and API shapes shared by server and client (no zod,
// so the reader's first load stays small).
import type { AuthorKey } from "./limits";

export const FOLLOW_TEXT = {
  chooseBlog: "Choose his blog, her blog or both.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  linkInvalid: "This link is not valid or has expired.",
} as const;

/** What POST /api/follow answers. */
export interface FollowResult {
  /** A confirmation email was sent (or would be): nothing arrives until it is confirmed. */
  confirmationSent: boolean;
}

export interface Following {
  following: AuthorKey[];
}

/** GET/PATCH /api/notifications: the reader's settings, and whether their address may get them. */
export interface NotificationSettingsResult {
  replies: boolean;
  comments: boolean;
  /** An author's email when the partner proposes a two-takes post. */
  takes: boolean;
  /** An author's email when the partner leaves a note in the margin, or replies to one. */
  notes: boolean;
  /** The address is proven (the emailed link was opened): notifications are sent to it. */
  verified: boolean;
  /** A link to prove it was sent just now or within the hour (PATCH, verify-request). */
  verificationSent?: boolean;
}
