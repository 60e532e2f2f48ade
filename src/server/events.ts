import type { Comment } from "../common/engagement";
import type { BlogPost } from "../common/types";

/**
 * Domain events (docs/decisions/0029…): what happened, told once, after the write that made it
 * happen has committed. Features subscribe here instead of hooking another feature's routes:
 * the cache drops what changed, audience mail queues notifications, publishing re-reads its
 * schedule. A feature emits; it never knows who listens.
 */
export interface DomainEvents {
  /** A post was first announced as public (published now, or its scheduled time came). */
  postBecamePublic: { post: BlogPost };
  /**
   * Something public may have changed in a way no narrower event describes (a post written,
   * re-dated, deleted; an import; demo posts removed; a moderation step). `remote`: another
   * process sharing the database made the change (cache/notify.ts).
   */
  contentChanged: { remote: boolean };
  /**
   * A post was edited, unpublished, re-dated or deleted by its author (the social web sends its
   * Update or Delete). The route also emits `contentChanged` for the cache.
   */
  postChanged: { postId: string };
  /** A reader's like was added or removed: the post's count changed. */
  likeChanged: { postId: string; remote?: boolean };
  /** A comment was stored (published or held for approval). */
  commentCreated: { comment: Comment };
  /** A comment was edited or deleted. */
  commentChanged: { postId: string };
  /** The site settings or an author's public profile changed. */
  settingsChanged: Record<string, never>;
}

export type EventName = keyof DomainEvents;
type Handler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export class Events {
  private handlers: { [K in EventName]?: Handler<K>[] } = {};

  constructor(private readonly log: (message: string, error: unknown) => void = () => {}) {}

  /** Subscribe; the handlers of one event run in the order they subscribed. */
  on<K extends EventName>(name: K, handler: Handler<K>): void {
    const list = (this.handlers[name] ?? []) as Handler<K>[];
    list.push(handler);
    (this.handlers as Record<K, Handler<K>[]>)[name] = list;
  }

  /**
   * Tell every subscriber, one after the other, and wait for them. A subscriber that fails is
   * logged and does not stop the others, nor turn the write that happened into an error.
   */
  async emit<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of (this.handlers[name] ?? []) as Handler<K>[]) {
      try {
        await handler(payload);
      } catch (error) {
        this.log(`a subscriber of ${name} failed`, error);
      }
    }
  }
}
