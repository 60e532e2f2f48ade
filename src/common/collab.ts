// Writing together (docs/decisions/0048-writing-together.md, docs/writing-together.md): the
// shared words of the co-editing socket, for the server that serves it and the editor that uses it.

/** What a live document may be: a post or a page, by its id. */
export const COLLAB_KINDS = ["posts", "pages"] as const;
export type CollabKind = (typeof COLLAB_KINDS)[number];

/** The key of one live document: `posts:<id>` or `pages:<id>` (collab_updates.doc). */
export const collabDocKey = (kind: CollabKind, id: string): string => `${kind}:${id}`;

/**
 * Sent with `1` on a save made from a co-editing session (its words are the shared document's):
 * a save without it came from outside the session, and the live document is reset (4409).
 */
export const COLLAB_SAVE_HEADER = "x-duet-collab";

/** Why the server closed a co-editing socket (4400–4499: y-websocket does not reconnect). */
export const COLLAB_CLOSE = {
  /** A frame that is not the y-websocket protocol, or a Yjs update that does not decode. */
  badMessage: 4400,
  /** The author's session ended (signed out, revoked) while the socket was open: sign in again. */
  signedOut: 4401,
  /** The post is no longer open to this author: its owner stopped sharing it, or it went public (decision 0050). */
  unshared: 4403,
  /** The post or page was saved from outside this session, or deleted: reload it. */
  savedElsewhere: 4409,
  /** A message over MAX_MESSAGE_BYTES, or a document that would pass MAX_DOCUMENT_BYTES. */
  tooLarge: 4413,
  /** More messages than the rate allows (COLLAB_LIMITS.messagesPerSecond, burst). */
  tooMany: 4429,
} as const;

/** Every limit of the co-editing socket, in one place (docs/writing-together.md). */
export const COLLAB_LIMITS = {
  /** One WebSocket message (a Yjs update, an awareness update): 512 kB. */
  maxMessageBytes: 512 * 1024,
  /** A document's stored updates together (an upper bound of its size): 5 MB. */
  maxDocumentBytes: 5 * 1024 * 1024,
  /** One awareness update (a caret, a name, a colour): 16 kB. */
  maxAwarenessBytes: 16 * 1024,
  /** Messages per second one socket may send, sustained… */
  messagesPerSecond: 100,
  /** …and at once, after a quiet moment (a token bucket this deep). */
  messageBurst: 300,
  /** How often an open socket's session is looked at again (a sign-out closes it within this). */
  sessionCheckMs: 30_000,
  /** Stored updates of one document merged into one row once there are this many. */
  compactAfter: 200,
} as const;
