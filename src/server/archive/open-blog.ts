import { existsSync } from "node:fs";
import path from "node:path";
import { type Database, openDatabase } from "../db/client";
import { acquireDataDirLock } from "../db/lock";
import { runMigrations } from "../db/migrate";
import type { Config } from "../env";
import { createStorage } from "../storage/storage";
import type { ArchiveStorage } from "./storage";

/**
 * The blog of this configuration for a script (export, import): the database (migrated) and the
 * uploads storage. In embedded mode the DATA_DIR lock is taken first, so a script refuses to run
 * while a server holds the directory (PGlite is one process's alone).
 *
 * `readOnly` (a dry run) writes nothing to DATA_DIR: when the embedded database does not exist
 * yet, the blog is an empty one in memory and no lock is taken (a dry run into an
 * empty DATA_DIR created DATA_DIR/db).
 */
export async function openBlog<T>(
  config: Config,
  work: (blog: { database: Database; storage: ArchiveStorage }) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const dbDir = path.join(config.dataDir, "db");
  const inMemory = !config.databaseUrl && options.readOnly === true && !existsSync(dbDir);
  const lock = config.databaseUrl || inMemory ? null : await acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: inMemory ? null : dbDir },
    );
    try {
      await runMigrations(database);
      const storage = createStorage(config);
      try {
        return await work({ database, storage });
      } finally {
        storage.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

/** A progress line that rewrites itself in a terminal and stays quiet in a log. */
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  return {
    update(text: string) {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      stream.write(`\r\x1b[2K${text}`);
    },
    done(text: string) {
      stream.write(stream.isTTY ? `\r\x1b[2K${text}\n` : `${text}\n`);
    },
  };
}
