// `npm start` on a new embedded database runs this (compiled) in a child process: create the
// database, migrate and seed it, then exit. Creating a PGlite database grows its WebAssembly heap
// to ~900 MB, which never shrinks; the serving process then opens the finished database and stays
// small (docs/deploy.md, "Small machines").
import path from "node:path";
import { openDatabase } from "./db/client";
import { acquireDataDirLock } from "./db/lock";
import { runMigrations } from "./db/migrate";
import { seedDemo } from "./db/seed";
import { loadConfig } from "./env";
import { createStorage } from "./storage/storage";

const config = loadConfig();
const lock = await acquireDataDirLock(config.dataDir);
try {
  console.log("Creating the database (first start)…");
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "db") });
  await runMigrations(database);
  const storage = createStorage(config);
  if (config.seedDemo) await seedDemo(database.db, storage);
  storage.close();
  await database.close();
} finally {
  lock.release();
}
