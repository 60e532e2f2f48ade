// `npm run restore -- [snapshot file]`: put a snapshot of the embedded database back in place.
// Refuses while a server holds DATA_DIR; the current database is moved aside, never deleted.
import { restoreSnapshot } from "../src/server/db/backup";
import { acquireDataDirLock, DataDirLockedError } from "../src/server/db/lock";
import { ConfigError, loadConfig } from "../src/server/env";

async function restore(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      "DATABASE_URL is set: Duet uses that PostgreSQL, not the embedded database. Restore it with pg_restore/psql.",
    );
    return 1;
  }
  const lock = await acquireDataDirLock(config.dataDir);
  try {
    const { restored, movedAside } = await restoreSnapshot({
      dataDir: config.dataDir,
      file: process.argv[2],
    });
    console.log(`Restored ${restored} into ${config.dataDir}/db.`);
    if (movedAside) console.log(`The previous database was moved to ${movedAside}.`);
    return 0;
  } finally {
    lock.release();
  }
}

restore()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
