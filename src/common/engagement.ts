// API shapes of readers' engagement (likes, comments, contact), shared by server and client.

/** SPEC §3 Comment, as the API presents it. */
export interface Comment {
  id: string;
  postId: string;
  /** The commenter's email prefix. */
  author: string;
  /** Written by one of the blog's authors: taken from the account (a verified author address), never the name. */
  isAuthor: boolean;
  content: string;
  userId: string;
  timestamp: string;
}

/** Whether the viewer likes a post, and its count. */
export interface LikeState {
  liked: boolean;
  likes: number;
}

export type ContactDeliveryStatus = "pending" | "sent" | "failed";

/** A received contact message as the admin Inbox shows it. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  status: ContactDeliveryStatus;
  attempts: number;
  deliveredAt: string | null;
  lastError: string | null;
}

/** SPEC §3 Contact message, as the form sends it; `website` is the honeypot (left empty by people). */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  website?: string;
}

/** The email prefix SPEC §3 shows as a comment's author. */
export const emailPrefix = (email: string): string => email.split("@")[0] ?? email;

export const COMMENT_TOO_LONG_MESSAGE = (max: number) =>
  `Comment is too long (maximum ${max.toLocaleString("en-US")} characters).`;
