// `npm run import -- file [--dry-run]`: bring a Duet archive (from `npm run export`) into the blog
// of this configuration. See docs/moving.md.
import path from "node:path";
import { ArchiveError } from "../src/server/archive/format";
import { type ImportReport, importArchive } from "../src/server/archive/import";
import { openBlog, progressLine } from "../src/server/archive/open-blog";
import { DataDirLockedError } from "../src/server/db/lock";
import { ConfigError, loadConfig } from "../src/server/env";

const USAGE = "Usage: npm run import -- file.tar.gz [--dry-run]";

export function describeReport(report: ImportReport): string {
  const verb = report.dryRun ? "Would add" : "Added";
  const lines = Object.entries(report.tables).map(
    ([table, { rows, added }]) =>
      `  ${table}: ${verb.toLowerCase()} ${added} of ${rows}${rows > added ? ` (${rows - added} already here)` : ""}`,
  );
  lines.push(`  images: ${verb.toLowerCase()} ${report.images.added} of ${report.images.count}`);
  if (report.sanitised > 0)
    lines.push(`  ${report.sanitised} posts held markup the editor does not produce; it was removed`);
  return `${report.dryRun ? "Dry run, nothing was changed." : "Import finished."}\n${lines.join("\n")}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--dry-run");
  if (unknown.length > 0 || files.length !== 1) {
    console.error(unknown.length > 0 ? `Unknown option ${unknown[0]}. ${USAGE}` : USAGE);
    return 2;
  }
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  const line = progressLine();
  const report = await openBlog(config, ({ database, storage }) =>
    importArchive({
      db: database.db,
      storage,
      file,
      dryRun,
      stagingDir: path.join(config.dataDir, `.import-${process.pid}`),
      onProgress: (text) => line.update(text),
    }),
  );
  line.done(describeReport(report));
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof ArchiveError
    ) {
      console.error(error.message);
      process.exit(2);
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
