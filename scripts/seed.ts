// `npm run seed`: add the demo posts (with their generated images) to the blog in DATA_DIR, or to
// DATABASE_URL, when it has no posts yet. Stop the server first when it uses the embedded database.
import path from "node:path";
import { openDatabase } from "../src/server/db/client";
import { acquireDataDirLock, DataDirLockedError } from "../src/server/db/lock";
import { runMigrations } from "../src/server/db/migrate";
import { seedDemo } from "../src/server/db/seed";
import { ConfigError, loadConfig } from "../src/server/env";
import { createStorage } from "../src/server/storage/storage";

try {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  const storage = createStorage(config);
  try {
    await runMigrations(database);
    const added = await seedDemo(database.db, storage);
    const where = config.s3
      ? `the bucket ${config.s3.bucket}`
      : path.join(config.dataDir, "uploads", "blog-images");
    console.log(
      added > 0
        ? `Added ${added} demo posts; images are in ${where}.`
        : "The blog already has posts: nothing added.",
    );
  } finally {
    storage.close();
    await database.close();
    lock?.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
