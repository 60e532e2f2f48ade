import type { Comment } from "../common/engagement";
import type { BlogPost } from "../common/types";
import type { Db } from "./db/client";

/**
 * Domain events through one outbox (docs/decisions/0043-one-outbox-for-side-effects.md; the
 * tables: db/schema/events.ts; the mechanism: outbox.ts): a write records what happened in its
 * own transaction, with one delivery row per subscriber (the one list: server/subscribers.ts). After the commit the writing process handles them at once; a
 * delivery it could not finish (it failed, or the process died) is claimed again from the
 * database, by this process or another, at least once. A subscriber's writes and its "done"
 * mark share one transaction, so a delivery tried twice keeps its work once.
 */
export interface DomainEvents {
  /** A post was first announced as public (published now, or its scheduled time came). */
  postBecamePublic: { post: BlogPost };
  /**
   * Something public may have changed in a way no narrower event describes (a post written or
   * restored, a page, an import, demo posts removed, a moderation step).
   */
  contentChanged: Record<string, never>;
  /** A post was edited, unpublished, re-dated or deleted by its author (the social web follows). */
  postChanged: { postId: string };
  /** A reader's like was added or removed: the post's count changed. */
  likeChanged: { postId: string };
  /** A comment was stored (published or held for approval). */
  commentCreated: { comment: Comment };
  /** A comment was edited or deleted. */
  commentChanged: { postId: string };
  /** The site settings or an author's public profile changed (or an author address was confirmed). */
  settingsChanged: Record<string, never>;
  /** A two-takes post was proposed, accepted or declined (docs/decisions/0046-two-takes.md). */
  pairChanged: { pairId: string };
  /** A two-takes post was proposed: the partner is told by email. */
  pairProposed: { pairId: string };
  /** A note in the margin, or a reply to one, was written: the other author is told by email. */
  noteCreated: { noteId: string };
  /**
   * A post or page with a live co-editing state was saved from outside its session, or deleted:
   * the state goes and its sessions close (4409; docs/decisions/0048-writing-together.md).
   */
  collabReset: { doc: string };
  /** A post was shared with the other author: they are told by email (docs/decisions/0050-draft-sharing.md). */
  postShared: { postId: string };
  /**
   * Who may open a live document changed (a post's sharing stopped): each process looks at its
   * sockets on it again, and one no longer allowed closes with 4403.
   */
  collabAccess: { doc: string };
}

export type EventName = keyof DomainEvents;
export type DomainEvent = { [K in EventName]: { id: number; name: K; payload: DomainEvents[K] } }[EventName];
export type RecordEvent = <K extends EventName>(name: K, payload: DomainEvents[K]) => Promise<void>;
/** `record` in a transaction another module opened (outbox.ts `around`). */
export type RecordEventIn = <K extends EventName>(tx: Db, name: K, payload: DomainEvents[K]) => Promise<void>;

export interface Subscriber {
  /** Stored with each delivery: renaming one leaves its pending deliveries unhandled. */
  name: string;
  on: readonly EventName[];
  /**
   * Runs in the transaction that marks this delivery done: write follow-up work (a mail row, an
   * activity due) with `tx`. Returns what to do once that commits (wake a worker), if anything.
   */
  handle(event: DomainEvent, tx: Db): Promise<(() => void) | undefined>;
}

export const EVENTS_CHANNEL = "duet_events";
