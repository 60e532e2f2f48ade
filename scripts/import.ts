// `npm run import -- file [--dry-run]`: bring a Duet archive (from `npm run export`) into the blog
// of this configuration. `--from original|wordpress|ghost --images DIR [--author NAME=him]
// [--default-author her]` moves in from another system. See docs/moving.md.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ArchiveError } from "../src/server/archive/format";
import { describeReport, importArchive } from "../src/server/archive/import";
import { parseAuthorMap, parseDefaultAuthor } from "../src/server/archive/importers/author-map";
import { convertExport, SOURCES, type Source } from "../src/server/archive/importers/index";
import { openBlog, progressLine } from "../src/server/archive/open-blog";
import { DataDirLockedError } from "../src/server/db/lock";
import { ConfigError, loadConfig } from "../src/server/env";

const USAGE = `Usage: npm run import -- file.tar.gz [--dry-run] [--with-secrets] [--keep-followers-confirmed]
       npm run import -- export-file --from original|wordpress|ghost --images DIR
                         [--author NAME=him|her ...] [--default-author him|her] [--dry-run]`;

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean" },
        // The operator's trust (docs/moving.md): password hashes and verification, confirmed followers.
        "with-secrets": { type: "boolean" },
        "keep-followers-confirmed": { type: "boolean" },
        from: { type: "string" },
        images: { type: "string" },
        author: { type: "string", multiple: true },
        "default-author": { type: "string" },
      },
    });
  try {
    args = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  const source = values.from as Source | undefined;
  if (positionals.length !== 1 || (source && !SOURCES.includes(source)) || (source && !values.images)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const dryRun = values["dry-run"] ?? false;
  const line = progressLine();
  let file = path.resolve(positionals[0]!);
  // A dry run writes nothing to DATA_DIR: its work files go to a temporary folder.
  const work = dryRun ? await mkdtemp(path.join(tmpdir(), "duet-import-")) : config.dataDir;
  let converted: string | null = null;
  let summary: string[] = [];
  try {
    if (source) {
      const authors = {
        map: parseAuthorMap(values.author ?? []),
        fallback: parseDefaultAuthor(values["default-author"]),
      };
      if (!dryRun) await mkdir(config.dataDir, { recursive: true });
      converted = path.join(work, `.import-${process.pid}-${source}.tar.gz`);
      const result = await convertExport({
        source,
        file,
        imagesDir: path.resolve(values.images!),
        authors,
        authorEmails: config.authorEmails,
        site: { name: config.siteName, publicUrl: config.publicUrl },
        output: converted,
      });
      for (const warning of result.warnings) console.error(`Warning: ${warning}`);
      summary = result.summary;
      file = converted;
    }
    const report = await openBlog(
      config,
      ({ database, storage }) =>
        importArchive({
          db: database.db,
          storage,
          file,
          dryRun,
          withSecrets: values["with-secrets"] ?? false,
          keepFollowersConfirmed: values["keep-followers-confirmed"] ?? false,
          stagingDir: path.join(work, `.import-${process.pid}`),
          onProgress: (text) => line.update(text),
        }),
      { readOnly: dryRun },
    );
    line.done([describeReport(report), ...summary].join("\n"));
    return 0;
  } finally {
    if (converted) await rm(converted, { force: true });
    if (dryRun) await rm(work, { recursive: true, force: true });
  }
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
