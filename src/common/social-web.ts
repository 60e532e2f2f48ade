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
