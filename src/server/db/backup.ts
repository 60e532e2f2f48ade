import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { EmbeddedEngine } from "./client";

/**
 * Rolling snapshots of the embedded database. PGlite runs with fsync off, so a committed write
 * survives the process dying but not necessarily a power cut; these snapshots (each one fsynced)
 * are what the embedded mode offers against the latter.
 */
export const SNAPSHOT_PREFIX = "duet-";
export const SNAPSHOT_SUFFIX = ".tar.gz";

export function backupsDirOf(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** A file-name-safe, sortable UTC timestamp: 2026-11-22T06-30-00-123Z. */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** Snapshot files, newest first (names sort by time). */
export function listSnapshots(backupsDir: string): string[] {
  if (!existsSync(backupsDir)) return [];
  return readdirSync(backupsDir)
    .filter((f) => f.startsWith(SNAPSHOT_PREFIX) && f.endsWith(SNAPSHOT_SUFFIX))
    .sort()
    .reverse()
    .map((f) => path.join(backupsDir, f));
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems cannot fsync a directory; the file itself is already synced.
  }
}

/** Write bytes durably under a temporary name, then rename: a reader never sees a half file. */
function writeFileAtomic(file: string, bytes: Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = openSync(tmp, "w", 0o600);
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

/** Keep the `keep` newest snapshots; also drop temp files a crashed writer left behind. */
export function pruneSnapshots(backupsDir: string, keep: number): string[] {
  const removed: string[] = [];
  if (!existsSync(backupsDir)) return removed;
  for (const f of readdirSync(backupsDir)) {
    if (f.startsWith(SNAPSHOT_PREFIX) && f.includes(".tmp-")) {
      rmSync(path.join(backupsDir, f), { force: true });
      removed.push(path.join(backupsDir, f));
    }
  }
  for (const file of listSnapshots(backupsDir).slice(Math.max(keep, 1))) {
    unlinkSync(file);
    removed.push(file);
  }
  return removed;
}

/** Checkpoint, dump the data directory (gzip) to DATA_DIR/backups/duet-<timestamp>.tar.gz, prune. */
export async function takeSnapshot(
  pglite: EmbeddedEngine,
  options: { backupsDir: string; keep: number; now?: Date },
): Promise<string> {
  mkdirSync(options.backupsDir, { recursive: true });
  await pglite.query("CHECKPOINT");
  const dump = await pglite.dumpDataDir("gzip");
  const bytes = new Uint8Array(await dump.arrayBuffer());
  const stamp = fileTimestamp(options.now ?? new Date());
  let file = path.join(options.backupsDir, `${SNAPSHOT_PREFIX}${stamp}${SNAPSHOT_SUFFIX}`);
  for (let n = 1; existsSync(file); n++) {
    file = path.join(options.backupsDir, `${SNAPSHOT_PREFIX}${stamp}-${n}${SNAPSHOT_SUFFIX}`);
  }
  writeFileAtomic(file, bytes);
  pruneSnapshots(options.backupsDir, options.keep);
  return file;
}

export interface SnapshotSchedule {
  /** Stop the timer and wait for a snapshot in progress. */
  stop(): Promise<void>;
}

/** Take a snapshot every `intervalMinutes` (never two at once); errors are logged, not fatal. */
export function startSnapshotSchedule(options: {
  pglite: EmbeddedEngine;
  backupsDir: string;
  keep: number;
  intervalMinutes: number;
  log: { info(msg: string): void; error(msg: string): void };
}): SnapshotSchedule {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || options.pglite.closed) return;
    running = takeSnapshot(options.pglite, options)
      .then((file) => options.log.info(`snapshot written: ${file}`))
      .catch((error: unknown) => options.log.error(`snapshot failed: ${String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMinutes * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Replace DATA_DIR/db with a snapshot. The caller holds the DATA_DIR lock (so no server runs).
 * The current database is moved aside to db.before-restore-<timestamp>, never deleted; if the
 * restore fails it is moved back.
 */
export async function restoreSnapshot(options: {
  dataDir: string;
  file?: string;
  now?: Date;
}): Promise<{ restored: string; movedAside: string | null }> {
  const backupsDir = backupsDirOf(options.dataDir);
  const file = options.file ? path.resolve(options.file) : listSnapshots(backupsDir)[0];
  if (!file)
    throw new Error(
      `No snapshot to restore: ${backupsDir} has no ${SNAPSHOT_PREFIX}*${SNAPSHOT_SUFFIX} files.`,
    );
  if (!existsSync(file)) throw new Error(`Snapshot not found: ${file}`);

  const dbDir = path.join(options.dataDir, "db");
  let movedAside: string | null = null;
  if (existsSync(dbDir)) {
    movedAside = path.join(options.dataDir, `db.before-restore-${fileTimestamp(options.now ?? new Date())}`);
    renameSync(dbDir, movedAside);
  }
  try {
    const pglite = await PGlite.create(dbDir, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await pglite.query("select 1");
      await pglite.query("CHECKPOINT");
    } finally {
      await pglite.close();
    }
  } catch (error) {
    rmSync(dbDir, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, dbDir);
    throw error;
  }
  return { restored: file, movedAside };
}
