/** Every user row standing for a remote (social-web) account has an id starting with this. */
export const REMOTE_USER_PREFIX = "ap_";

/**
 * The server a comment from the social web came from (`host` of "Name (@user@host)"), or null
 * for a reader's comment. Used to offer "Block server" beside it.
 */
export function remoteServerOf(comment: { userId: string; author: string }): string | null {
  if (!comment.userId.startsWith(REMOTE_USER_PREFIX)) return null;
  const match = /@[^@\s()]+@([^@\s()]+)\)?$/.exec(comment.author);
  return match?.[1]?.toLowerCase() ?? null;
}

/** Likes and boosts a post had from the social web. */
export interface SocialWebReactions {
  likes: number;
  boosts: number;
  /** Who did it (the first few names), shown on hover. */
  names: string[];
}

/** A Webmention (decision 0047): another site's page that links to the post. */
export interface PostMention {
  id: string;
  authorName: string | null;
  authorUrl: string | null;
  /** Our copy of the author's photo (/uploads/avatars/…); null: their initials. */
  authorPhoto: string | null;
  /** The page that mentions the post. */
  source: string;
  excerpt: string;
  /** When it was last verified. */
  date: string;
}
