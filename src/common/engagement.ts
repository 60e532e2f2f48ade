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
  /** Empty for a stand-in ('[deleted]' or '[hidden]') kept only for its replies. */
  userId: string;
  timestamp: string;
  /** A reply's top-level comment; null for a top-level comment. */
  parentId: string | null;
  /** Set when a reply answers another reply: whom it answers (shown as "replying to"). */
  replyTo: { id: string; author: string } | null;
  /** Deleted while it had replies: shown as '[deleted]' above them. */
  deleted: boolean;
  /**
   * Hidden by the post's author: its writer and the post's author get it marked; anyone else gets
   * it only as a '[hidden]' stand-in above its replies (a hidden reply reaches no one else).
   */
  hidden: boolean;
  /** Waiting for the post's author's approval (only its writer and the post's author get it). */
  held: boolean;
  /** A top-level comment's replies, oldest first (one level deep). */
  replies?: Comment[];
  /** A reply from the social web: its writer's profile and our copy of their avatar (never theirs). */
  remote?: RemoteWriter;
}

export interface RemoteWriter {
  profileUrl: string;
  /** Under /uploads/avatars/; null: their initials are shown. */
  avatarUrl: string | null;
  /** Up to two letters of their name (computed here: the reader's bundle stays small). */
  initials: string;
}

/** What a deleted comment that keeps its replies shows instead of its writer and text. */
export const DELETED_COMMENT_TEXT = "[deleted]";

/** What a hidden comment that keeps its replies shows to everyone but its writer and the post's author. */
export const HIDDEN_COMMENT_TEXT = "[hidden]";

/** A '[deleted]' or '[hidden]' stand-in: no writer, nothing to answer, edit, moderate or report. */
export const isStandIn = (comment: Pick<Comment, "userId">): boolean => comment.userId === "";

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

/** The email prefix SPEC §3 shows as a comment's author. */
export const emailPrefix = (email: string): string => email.split("@")[0] ?? email;

/** A reader the signed-in author blocked from commenting on their blog (the studio's list, with 'Unblock'). */
export interface BlockedReader {
  userId: string;
  /** The email prefix their comments showed (SPEC §3). */
  name: string;
  displayName: string;
  blockedAt: string;
}

/** How many blocked readers `GET /api/blocks` lists, newest first (two authors block few readers). */
export const BLOCKED_READERS_MAX = 200;

/** A reader the post's author blocked tries to comment on that blog. */
export const COMMENT_BLOCKED_MESSAGE = "The author of this blog has blocked you from commenting on it.";
