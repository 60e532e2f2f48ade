import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, isProcessAlive, LOCK_FILE_NAME } from "../db/lock";

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  const pid = Number(done.stdout);
  expect(isProcessAlive(pid)).toBe(false);
  return pid;
}

describe("DATA_DIR lock", () => {
  let dataDir: string;
  let lockFile: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-lock-"));
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates DATA_DIR/db.lock holding our pid, and removes it on release", async () => {
    const lock = await acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release(); // idempotent
  });

  it("creates DATA_DIR when it does not exist yet", async () => {
    const nested = path.join(dataDir, "a", "b");
    const lock = await acquireDataDirLock(nested);
    expect(existsSync(path.join(nested, LOCK_FILE_NAME))).toBe(true);
    lock.release();
  });

  it("refuses a second holder while the first process lives, naming its pid and the directory", async () => {
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(lockFile, `${other.pid}\n`);
      const error = await acquireDataDirLock(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(
        `Another Duet process (pid ${other.pid}) is using DATA_DIR ${dataDir}`,
      );
      // The holder's lock is left alone.
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a stale lock whose process is dead", async () => {
    writeFileSync(lockFile, `${deadPid()}\n`);
    const lock = await acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an old lock file with no pid in it", async () => {
    writeFileSync(lockFile, "");
    const old = new Date(Date.now() - 60_000);
    const { utimesSync } = await import("node:fs");
    utimesSync(lockFile, old, old);
    const lock = await acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("treats its own pid in the file as a previous life of this process (containers reuse pids)", async () => {
    writeFileSync(lockFile, `${process.pid}\n`);
    const lock = await acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("does not remove a lock another process took after ours was released", async () => {
    const lock = await acquireDataDirLock(dataDir);
    rmSync(lockFile);
    writeFileSync(lockFile, "424242\n");
    lock.release();
    expect(readFileSync(lockFile, "utf8").trim()).toBe("424242");
  });

  it("lets exactly one of several concurrent starters win over a stale lock", async () => {
    writeFileSync(lockFile, `${deadPid()}\n`);
    // Distinct live pids stand in for distinct processes.
    const sleepers = [0, 1, 2, 3].map(() =>
      spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" }),
    );
    try {
      const results = await Promise.allSettled(sleepers.map((s) => acquireDataDirLock(dataDir, s.pid!)));
      const winners = results.filter((r) => r.status === "fulfilled");
      expect(winners).toHaveLength(1);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(DataDirLockedError);
      }
      const winnerPid = (winners[0] as PromiseFulfilledResult<{ pid: number }>).value.pid;
      expect(readFileSync(lockFile, "utf8").trim()).toBe(String(winnerPid));
    } finally {
      for (const s of sleepers) s.kill("SIGKILL");
    }
  });
});
