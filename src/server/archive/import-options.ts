import type { Db } from "../db/client";
import type { TrustOptions } from "./admission";
import type { ArchiveStorage } from "./storage";

/** What an import is given (import.ts runs it; check-archive.ts and inspect-archive.ts read it). */
export interface ImportOptions extends TrustOptions {
  db: Db;
  storage: ArchiveStorage;
  file: string;
  /** A folder of its own for re-encoded images between checking and placing them (removed after). */
  stagingDir: string;
  dryRun?: boolean;
  /** Check the file in a child process with a memory bound (the studio's button: inspect-child.ts). */
  isolate?: boolean;
  /** Refuse when the blog already has posts (the admin 'Import' button is for an empty blog). */
  requireEmpty?: boolean;
  onProgress?: (text: string) => void;
  /** Runs last in the transaction that adds the rows (the server records its event there). */
  inTransaction?: (tx: Db) => Promise<void>;
}
