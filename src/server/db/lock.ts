import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own and two processes writing one data directory corrupt it, so the
 * embedded mode holds DATA_DIR/db.lock (created with O_EXCL, holding the pid) while it runs.
 * A lock whose pid is dead (kill -9, power cut) is stale and is taken over.
 */
export const LOCK_FILE_NAME = "db.lock";

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another Duet process (pid ${pid}) is using DATA_DIR ${dataDir}: stop it first ` +
        `(if no such process is running, delete ${path.join(dataDir, LOCK_FILE_NAME)}).`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  file: string;
  pid: number;
  /** Remove the lock file if it is still ours (idempotent). */
  release(): void;
}

/** Is a process with this pid alive? EPERM means it exists but belongs to someone else. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function createExclusive(file: string, pid: number): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function removeIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A take-over guard older than this was left by a process that died mid take-over. */
const GUARD_STALE_MS = 10_000;
const HALF_WRITTEN_GRACE_MS = 1_000;

function fileAgeMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Take DATA_DIR/db.lock or throw DataDirLockedError naming the live holder.
 * `pid` is injectable for tests; it defaults to this process.
 */
export async function acquireDataDirLock(dataDir: string, pid = process.pid): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const guard = `${file}.takeover`;

  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(file, pid)) return makeLock(file, pid);

    const holder = readPid(file);
    // Our own pid in the file is a previous life of this process (containers reuse pid 1).
    if (holder !== null && holder !== pid && isProcessAlive(holder)) {
      throw new DataDirLockedError(holder, dataDir);
    }
    // No pid yet: another starter may be between creating the file and writing its pid.
    if (holder === null && fileAgeMs(file) < HALF_WRITTEN_GRACE_MS) {
      await sleep(20);
      continue;
    }
    // Stale (or half-written). Only one starter may remove it, or two could each remove the
    // other's fresh lock: the take-over itself is guarded by a second O_EXCL file.
    if (!createExclusive(guard, pid)) {
      if (fileAgeMs(guard) > GUARD_STALE_MS) removeIfExists(guard);
      await sleep(50);
      continue;
    }
    try {
      // Re-check under the guard: someone may have taken over between our read and the guard.
      const again = readPid(file);
      if (again === holder) {
        removeIfExists(file);
        if (createExclusive(file, pid)) return makeLock(file, pid);
      }
    } finally {
      removeIfExists(guard);
    }
    await sleep(20);
  }
  const holder = readPid(file);
  throw new DataDirLockedError(holder ?? 0, dataDir);
}

function makeLock(file: string, pid: number): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readPid(file) === pid) removeIfExists(file);
  };
  // Any exit path (an error during start, a forced exit) still frees the directory.
  process.on("exit", release);
  return { file, pid, release };
}
