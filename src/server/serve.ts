import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { backfillAuthorPhotoWidths } from "./authors/author-profiles.repository";
import { backfillImageSizes } from "./content/image-sizes";
import { backupsDirOf, type SnapshotSchedule, startSnapshotSchedule, takeSnapshot } from "./db/backup";
import { type Database, type DatabaseOptions, openDatabase } from "./db/client";
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./db/lock";
import { runMigrations } from "./db/migrate";
import { seedDemo } from "./db/seed";
import type { EarlyDatabase } from "./early-database";
import type { Config } from "./env";
import { EXIT_REFUSED, SERVING_MESSAGE } from "./fatal";
import { loadOrCreateSecret } from "./secret";
import { createStorage } from "./storage/storage";

/** A shutdown that hangs (a stuck request, a wedged database) must still end the process; generous,
 * because the final snapshot of a large embedded database takes a while. */
const FORCE_EXIT_AFTER_MS = 60_000;

/**
 * One serving process: the data dir's lock, the database, the app, snapshots, a clean shutdown.
 * `early`: the embedded database already locked and opening (early-database.ts).
 */
export async function serve(config: Config, early: EarlyDatabase | null = null): Promise<void> {
  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  let snapshots: SnapshotSchedule | null = null;
  const log = {
    info: (msg: string) => (app ? app.log.info(msg) : console.log(msg)),
    error: (msg: string) => (app ? app.log.error(msg) : console.error(msg)),
  };

  // Signals may arrive while we are still starting: shut down whatever exists so far.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing`);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${FORCE_EXIT_AFTER_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS);
    force.unref();
    let code = 0;
    try {
      // Stop accepting connections and let in-flight requests finish.
      if (app) await app.close();
      await snapshots?.stop();
      if (database?.pglite && !database.pglite.closed && config.backupIntervalMinutes > 0) {
        const file = await takeSnapshot(database.pglite, {
          backupsDir: backupsDirOf(config.dataDir),
          keep: config.backupKeep,
        }).catch((error: unknown) => {
          log.error(`final snapshot failed: ${String(error)}`);
          return null;
        });
        if (file) log.info(`snapshot written: ${file}`);
      }
      // CHECKPOINT and close (see db/client.ts).
      await database?.close();
    } catch (error) {
      console.error(error);
      code = 1;
    } finally {
      lock?.release();
      process.exit(code);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  if (early) lock = early.lock;
  else if (!config.databaseUrl) {
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
  }

  const options: DatabaseOptions = config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : {
        kind: "pglite",
        dataDir: path.join(config.dataDir, "db"),
        // Its own thread: health and cached pages answer while a statement runs (db/pglite-thread.ts).
        worker: true,
        onRestart: (reason) => log.error(`the embedded database was reopened: ${reason}`),
      };
  database = await openDatabase(
    early && options.kind === "pglite" ? { ...options, thread: await early.thread } : options,
  );
  await runMigrations(database);
  const storage = createStorage(config);
  if (config.seedDemo) await seedDemo(database.db, storage);
  // Once, for posts written before image sizes were recorded: read before serving, so no cached page lacks them.
  const sized = await backfillImageSizes(database.db, storage);
  if (sized > 0) log.info(`Recorded the image sizes of ${sized} posts`);
  const photos = await backfillAuthorPhotoWidths(database.db, storage);
  if (photos > 0) log.info(`Recorded the photo widths of ${photos} author profiles`);

  ({ app } = await buildApp({
    config,
    database,
    secret: config.sessionSecret ?? loadOrCreateSecret(config.dataDir),
    storage,
    serveClient: true,
    // JSON lines for log collectors; readable lines when a person runs it in a terminal.
    logger: process.stdout.isTTY
      ? {
          level: config.logLevel,
          transport: {
            target: "pino-pretty",
            options: { translateTime: "SYS:HH:MM:ss", ignore: "hostname" },
          },
        }
      : { level: config.logLevel },
  }));

  if (database.pglite && config.backupIntervalMinutes > 0) {
    snapshots = startSnapshotSchedule({
      pglite: database.pglite,
      backupsDir: backupsDirOf(config.dataDir),
      keep: config.backupKeep,
      intervalMinutes: config.backupIntervalMinutes,
      log,
    });
  }

  if (closing) return;
  await app.listen({ port: config.port, host: config.host });
  // Under npm start's supervisor: the moment to prepare the next standby (supervisor.ts).
  if (process.send && process.connected) process.send({ type: SERVING_MESSAGE });
  app.log.info(`Duet is serving ${config.publicUrl} (database: ${database.kind})`);
}
