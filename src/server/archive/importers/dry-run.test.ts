import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { photo, writeFile } from "../../test/import-samples";
import { FIXTURES } from "../../test/move-in";
import { runToExit } from "../../test/server-process";

// `npm run import -- … --dry-run` into an empty DATA_DIR created DATA_DIR/db. A dry
// run writes nothing there (its work files go to a temporary folder it removes).

const root = mkdtempSync(path.join(tmpdir(), "duet-dry-run-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run import -- FILE --from original --images DIR --dry-run", () => {
  it("into an empty DATA_DIR reports what it would add and writes nothing", async () => {
    const dataDir = path.join(root, "data");
    mkdirSync(dataDir);
    const images = path.join(root, "images");
    await writeFile(images, "1710000000000_tram.jpg", await photo(120, 90));
    const run = await runToExit("scripts/import.ts", { DATA_DIR: dataDir, SEED_DEMO: "false" }, [
      path.join(FIXTURES, "original-export.json"),
      "--from",
      "original",
      "--images",
      images,
      "--dry-run",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("Dry run, nothing was changed.");
    expect(run.stderr).toContain("  blog_posts: would add 2 of 2");
    expect(run.stderr).toContain("  images: would add 1 of 1");
    expect(run.stderr).toContain(
      "  3 images were not in the images folder: left out of 2 posts (listed above)",
    );
    expect(readdirSync(dataDir)).toEqual([]);
    // One script run: ~5 s of CPU (tsx, an in-memory database and its migrations); more when the
    // machine is shared.
  }, 120_000);
});
