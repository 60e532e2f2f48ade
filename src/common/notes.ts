import type { AuthorKey } from "./limits";

// Notes in the margin (docs/decisions/0048-writing-together.md): the two authors' notes on a
// draft, a scheduled post or a page. Never published: readers, letters, feeds and the social web
// never see one.

/** What a note is on: a post or a page, by its id (the co-editing document's kinds). */
export const NOTE_KINDS = ["posts", "pages"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface NoteReply {
  id: string;
  author: AuthorKey;
  body: string;
  createdAt: string;
}

export interface DraftNote {
  id: string;
  kind: NoteKind;
  /** The post's or the page's id. */
  docId: string;
  author: AuthorKey;
  /** Two Yjs relative positions (base64), or null when the note lost its words. */
  anchor: { start: string; end: string } | null;
  /** The words it is about, as they were when it was written. */
  quote: string;
  body: string;
  resolvedAt: string | null;
  resolvedBy: AuthorKey | null;
  createdAt: string;
  /** Oldest first. */
  replies: NoteReply[];
}

/** A note still open, as the studio lists them across posts and pages. */
export interface OpenNote {
  id: string;
  kind: NoteKind;
  docId: string;
  /** The post's or the page's title. */
  title: string;
  /** The post's or the page's address (the studio links to its editor). */
  slug: string;
  author: AuthorKey;
  quote: string;
  body: string;
  createdAt: string;
  replies: number;
}
