import path from "node:path";
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./db/lock";
import { PgliteThread } from "./db/pglite-thread";
import { PGLITE_SETTINGS, STATEMENT_TIMEOUT_MS } from "./db/settings";
import type { Config } from "./env";
import { EXIT_REFUSED } from "./fatal";

/** The embedded database, locked and opening on its own thread before the server's modules load. */
export interface EarlyDatabase {
  lock: DataDirLock;
  thread: Promise<PgliteThread>;
}

/**
 * A replacement process serves sooner when PGlite opens (and recovers) its data directory on its
 * worker thread while this thread loads serve.js (Fastify, Better Auth, every route; the social
 * web loads on first use): the two overlap instead of adding up. Only this module and what it
 * imports load first (no drizzle, no PGlite here).
 */
export async function openEmbeddedEarly(config: Config): Promise<EarlyDatabase> {
  let lock: DataDirLock;
  try {
    lock = await acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      // Refused, not crashed: a supervisor must not start another (supervisor.ts).
      process.exit(EXIT_REFUSED);
    }
    throw error;
  }
  const thread = PgliteThread.open({
    dataDir: path.join(config.dataDir, "db"),
    settings: PGLITE_SETTINGS,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  // Awaited by serve(); until then a failure must not count as unhandled.
  thread.catch(() => {});
  return { lock, thread };
}
