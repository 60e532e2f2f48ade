// `npm run export -- [file] [--with-secrets]`: write the whole blog (posts, comments, likes,
// accounts, contact messages, every image) into one Duet archive. See docs/moving.md.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { writeArchive } from "../src/server/archive/export";
import { formatProgress } from "../src/server/archive/format";
import { openBlog, progressLine } from "../src/server/archive/open-blog";
import { DataDirLockedError } from "../src/server/db/lock";
import { ConfigError, loadConfig } from "../src/server/env";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const withSecrets = args.includes("--with-secrets");
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--with-secrets");
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown[0]}. Usage: npm run export -- [file] [--with-secrets]`);
    return 2;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(args.find((a) => !a.startsWith("--")) ?? `duet-export-${stamp}.tar.gz`);
  const config = loadConfig();
  const line = progressLine();
  // Written under a temporary name and renamed at the end: a failed export leaves no half archive.
  const partial = `${file}.partial`;
  try {
    const manifest = await openBlog(config, ({ database, storage }) =>
      writeArchive({
        db: database.db,
        storage,
        site: { name: config.siteName, publicUrl: config.publicUrl },
        authors: config.authorEmails,
        withSecrets,
        output: createWriteStream(partial),
        onProgress: (p) => line.update(`Exporting: ${formatProgress(p)}`),
      }),
    );
    await rename(partial, file);
    const rows = Object.entries(manifest.counts.rows)
      .map(([t, n]) => `${n} ${t}`)
      .join(", ");
    line.done(
      `Exported ${rows}; ${manifest.counts.images} images (+${manifest.counts.variants} variants)` +
        `${withSecrets ? ", with password hashes" : ""} to ${file}`,
    );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
