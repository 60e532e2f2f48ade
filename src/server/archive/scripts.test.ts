import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnNode } from "../test/server-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "duet-archive-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run export / import refuse while a server holds DATA_DIR", () => {
  // This test process stands in for the running server: a live pid in db.lock.
  writeFileSync(path.join(dataDir, "db.lock"), `${process.pid}\n`);
  it.each([
    ["export", ["scripts/export.ts", path.join(dataDir, "out.tar.gz")]],
    ["import", ["scripts/import.ts", path.join(dataDir, "in.tar.gz")]],
  ])("%s", async (_name, [script, ...args]) => {
    writeFileSync(path.join(dataDir, "in.tar.gz"), "x");
    const run = spawnNode(script!, { DATA_DIR: dataDir, SEED_DEMO: "false" }, args);
    const exit = await run.exited;
    expect(run.output()).toContain(`Another Duet process (pid ${process.pid}) is using DATA_DIR`);
    expect(exit.code).toBe(2);
  });
});
