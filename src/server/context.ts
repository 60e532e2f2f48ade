import type { AudienceMail } from "./audience/audience-mail";
import type { Auth } from "./auth/auth";
import type { ContentCache } from "./cache/store";
import type { Collab } from "./collab/collab";
import type { ContactDelivery } from "./contact/delivery";
import type { Database, Db } from "./db/client";
import type { Config } from "./env";
import type { RemoteReplyLimits } from "./fediverse/remote-limits";
import type { Mailer } from "./mail/mailer";
import type { Outbox } from "./outbox";
import type { Publishing } from "./posts/publishing";
import type { Sealer } from "./secret";
import type { StatsCounter } from "./stats/stats-counter";
import type { Storage } from "./storage/storage";
import type { SlidingWindowLimiter } from "./write-limits";

/** Everything a route module needs, built once by buildApp and passed explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Better Auth, loaded by the first request that needs it (auth/lazy-auth.ts). */
  auth: { load(): Promise<Auth> };
  mailer: Mailer;
  cache: ContentCache;
  /**
   * Domain events: a write records its event in its transaction (`events.transaction`, or
   * `events.emit` after a write of its own); the subscribers of server/subscribers.ts act on it.
   */
  events: Outbox;
  /** Seals credentials kept in the database (a Bluesky app password), with a key from the server's secret. */
  sealer: Sealer;
  /** Uploads: DATA_DIR/uploads or the S3 bucket. */
  storage: Storage;
  /** Scheduled publishing and the once-only "post became public" event (posts/publishing.ts). */
  publishing: Publishing;
  /** Writing together: this process's live documents and their relay (collab/collab.ts). */
  collab: Collab;
  /** The audience mail queue's sender (audience/audience-mail.ts). */
  audienceMail: AudienceMail;
  /** The social web's outgoing queues, which subscribers wake (fediverse/fediverse.ts). */
  fediverse: { posts: Worker; replies: Worker; webmentions: Worker; bluesky: Worker };
  /** The contact messages' delivery worker: store first, then deliver with retries (contact/delivery.ts). */
  contactDelivery: ContactDelivery;
  /**
   * This process's page-view counter (the stats beacon): counted in memory, flushed every minute
   * and when the server closes (stats/stats-counter.ts). No domain event: decision 0043.
   */
  stats: StatsCounter;
  /** This process's in-memory limiters that no single route owns. */
  limits: {
    /** Searches from one address that reach the database (search/search-limit.ts). */
    search: SlidingWindowLimiter;
    /** Replies from the social web, per account and per server (fediverse/remote-limits.ts). */
    remoteReplies: RemoteReplyLimits;
    /** Reports (Flag activities) from one remote server (fediverse/remote-limits.ts). */
    remoteReports: SlidingWindowLimiter;
    /** Webmentions received from one address (fediverse/webmention.routes.ts). */
    webmentions: SlidingWindowLimiter;
  };
  /** Injectable clock for tests of time-based behaviour. */
  now: () => Date;
}

/** A background worker: `kick` makes it look at its queue now. */
export interface Worker {
  kick(): Promise<void> | void;
}
