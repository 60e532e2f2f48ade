import type { Auth } from "./auth/auth";
import type { ContentCache } from "./cache/store";
import type { Database, Db } from "./db/client";
import type { Config } from "./env";
import type { Events } from "./events";
import type { Mailer } from "./mail/mailer";
import type { Publishing } from "./posts/publishing";
import type { Storage } from "./storage/storage";

/** Everything a route module needs, built once by buildApp and passed explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  cache: ContentCache;
  /** Domain events: writes tell them after they commit; features subscribe (events.ts). */
  events: Events;
  /** Uploads: DATA_DIR/uploads or the S3 bucket. */
  storage: Storage;
  /** Scheduled publishing and the once-only "post became public" event (posts/publishing.ts). */
  publishing: Publishing;
  /** Injectable clock for tests of time-based behaviour. */
  now: () => Date;
}
