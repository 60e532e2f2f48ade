import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  backupsDirOf,
  listSnapshots,
  pruneSnapshots,
  restoreSnapshot,
  startSnapshotSchedule,
  takeSnapshot,
} from "../db/backup";
import { LOCK_FILE_NAME } from "../db/lock";
import { TEMPLATE_FILE } from "../test/global-setup";
import { runToExit } from "../test/server-process";

/** An on-disk embedded database made from the migrated template (a fresh initdb takes seconds). */
async function openFromTemplate(dataDir: string): Promise<PGlite> {
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create(path.join(dataDir, "db"), { loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]) });
}

async function titles(pglite: PGlite): Promise<string[]> {
  const result = await pglite.query<{ title: string }>("select title from blog_posts order by title");
  return result.rows.map((r) => r.title);
}

async function insertPost(pglite: PGlite, title: string): Promise<void> {
  await pglite.query("insert into blog_posts (title, content, author) values ($1, '<p>x</p>', 'him')", [
    title,
  ]);
}

describe("embedded-database snapshots", { timeout: 90_000 }, () => {
  let dataDir: string;
  let backupsDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-backup-"));
    backupsDir = backupsDirOf(dataDir);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("writes DATA_DIR/backups/duet-<timestamp>.tar.gz and restores it, moving the current db aside", async () => {
    const pglite = await openFromTemplate(dataDir);
    await insertPost(pglite, "Before the snapshot");
    const file = await takeSnapshot(pglite, {
      backupsDir,
      keep: 7,
      now: new Date("2026-01-02T03:04:05.678Z"),
    });
    expect(path.basename(file)).toBe("duet-2026-01-02T03-04-05-678Z.tar.gz");
    expect(readdirSync(backupsDir)).toEqual([path.basename(file)]); // no temp file left behind
    await insertPost(pglite, "After the snapshot");
    await pglite.close();

    const { restored, movedAside } = await restoreSnapshot({ dataDir });
    expect(restored).toBe(file);
    expect(movedAside).toMatch(/db\.before-restore-/);

    const back = await PGlite.create(path.join(dataDir, "db"));
    expect(await titles(back)).toEqual(["Before the snapshot"]);
    await back.close();
    // Nothing is thrown away: the replaced database is still there, with the later write.
    const aside = await PGlite.create(movedAside!);
    expect(await titles(aside)).toEqual(["After the snapshot", "Before the snapshot"]);
    await aside.close();
  });

  it("restores a given snapshot file rather than the newest", async () => {
    const pglite = await openFromTemplate(dataDir);
    await insertPost(pglite, "one");
    const first = await takeSnapshot(pglite, { backupsDir, keep: 7, now: new Date("2026-01-01T00:00:00Z") });
    await insertPost(pglite, "two");
    await takeSnapshot(pglite, { backupsDir, keep: 7, now: new Date("2026-01-02T00:00:00Z") });
    await pglite.close();

    await restoreSnapshot({ dataDir, file: first });
    const back = await PGlite.create(path.join(dataDir, "db"));
    expect(await titles(back)).toEqual(["one"]);
    await back.close();
  });

  it("keeps only the BACKUP_KEEP newest snapshots and removes leftover temp files", async () => {
    mkdirSync(backupsDir, { recursive: true });
    for (let day = 1; day <= 5; day++)
      writeFileSync(path.join(backupsDir, `duet-2026-01-0${day}T00-00-00-000Z.tar.gz`), "x");
    writeFileSync(path.join(backupsDir, "duet-2026-01-09T00-00-00-000Z.tar.gz.tmp-123"), "half");
    writeFileSync(path.join(backupsDir, "notes.txt"), "not ours");
    pruneSnapshots(backupsDir, 2);
    expect(readdirSync(backupsDir).sort()).toEqual([
      "duet-2026-01-04T00-00-00-000Z.tar.gz",
      "duet-2026-01-05T00-00-00-000Z.tar.gz",
      "notes.txt",
    ]);
    expect(listSnapshots(backupsDir).map((f) => path.basename(f))).toEqual([
      "duet-2026-01-05T00-00-00-000Z.tar.gz",
      "duet-2026-01-04T00-00-00-000Z.tar.gz",
    ]);
  });

  it("a schedule stopped before its first tick writes nothing and leaves no temp file", async () => {
    const pglite = await openFromTemplate(dataDir);
    const lines: string[] = [];
    const schedule = startSnapshotSchedule({
      pglite,
      backupsDir,
      keep: 3,
      intervalMinutes: 60,
      log: { info: (m) => lines.push(m), error: (m) => lines.push(m) },
    });
    await schedule.stop();
    await pglite.close();
    expect(lines).toEqual([]);
    expect(existsSync(backupsDir) ? readdirSync(backupsDir).filter((f) => f.includes(".tmp-")) : []).toEqual(
      [],
    );
  });

  it("says so when there is no snapshot to restore, and leaves the database in place", async () => {
    mkdirSync(path.join(dataDir, "db"), { recursive: true });
    await expect(restoreSnapshot({ dataDir })).rejects.toThrow(/No snapshot to restore/);
    expect(existsSync(path.join(dataDir, "db"))).toBe(true);
  });

  it("puts the current database back when the snapshot is unreadable", async () => {
    const pglite = await openFromTemplate(dataDir);
    await insertPost(pglite, "kept");
    await pglite.close();
    mkdirSync(backupsDir, { recursive: true });
    const bad = path.join(backupsDir, "duet-2026-01-01T00-00-00-000Z.tar.gz");
    writeFileSync(bad, "this is not a tarball");
    await expect(restoreSnapshot({ dataDir })).rejects.toThrow();
    const back = await PGlite.create(path.join(dataDir, "db"));
    expect(await titles(back)).toEqual(["kept"]);
    await back.close();
  });
});

describe("npm run restore", { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "duet-restore-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses while a server holds DATA_DIR, changing nothing", async () => {
    const server = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${server.pid}\n`);
      mkdirSync(path.join(dataDir, "db"));
      const { code, stderr } = await runToExit("scripts/restore.ts", { DATA_DIR: dataDir });
      expect(code).not.toBe(0);
      expect(stderr).toContain(`Another Duet process (pid ${server.pid}) is using DATA_DIR ${dataDir}`);
      expect(readdirSync(dataDir).sort()).toEqual(["db", LOCK_FILE_NAME]);
    } finally {
      server.kill("SIGKILL");
    }
  });

  it("restores the newest snapshot and reports where the old database went", async () => {
    const pglite = await openFromTemplate(dataDir);
    await insertPost(pglite, "snapshotted");
    await takeSnapshot(pglite, { backupsDir: backupsDirOf(dataDir), keep: 7 });
    await insertPost(pglite, "later");
    await pglite.close();

    const { code, stdout, stderr } = await runToExit("scripts/restore.ts", { DATA_DIR: dataDir });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Restored .*duet-.*\.tar\.gz into /m);
    expect(stdout).toMatch(/previous database was moved to .*db\.before-restore-/);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const back = await PGlite.create(path.join(dataDir, "db"));
    expect(await titles(back)).toEqual(["snapshotted"]);
    await back.close();
  });
});
