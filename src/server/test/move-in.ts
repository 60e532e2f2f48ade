import { existsSync } from "node:fs";
// The importer tests' way in: convert an export and import it into a test blog, as
// `npm run import -- FILE --from SOURCE --images DIR [--author …] [--default-author …]` does.
import path from "node:path";
import { importArchive } from "../archive/import";
import { parseAuthorMap, parseDefaultAuthor } from "../archive/importers/author-map";
import { convertExport, type Source } from "../archive/importers/index";
import type { TestApp } from "./test-app";

export const FIXTURES = path.join(import.meta.dirname, "../archive/importers/fixtures");
/**
 * Real third-party exports (fixtures/README.md names each with its source and checksum) are not
 * committed: they came in through a repository snapshot, and what a snapshot brings stays out of
 * our commits. They live beside the spec in `../shared/fixtures/importers/` (or DUET_EXPORT_FIXTURES);
 * their tests run where the files are and say so where they are not.
 */
export const EXTERNAL_FIXTURES =
  process.env.DUET_EXPORT_FIXTURES ??
  path.resolve(import.meta.dirname, "../../../../shared/fixtures/importers");
export function externalFixture(name: string): string | null {
  const file = path.join(EXTERNAL_FIXTURES, name);
  if (existsSync(file)) return file;
  console.log(
    `Skipping the tests of ${name}: not found in ${EXTERNAL_FIXTURES} (fixtures/README.md says where it comes from).`,
  );
  return null;
}

export interface MoveInOptions {
  /** `--author NAME=him|her` values. */
  authors?: string[];
  defaultAuthor?: string;
  dryRun?: boolean;
}

let runs = 0;

export async function moveIn(
  t: TestApp,
  work: string,
  source: Source,
  exportFile: string,
  imagesDir: string,
  options: MoveInOptions = {},
) {
  const output = path.join(work, `${source}-${process.pid}-${++runs}.tar.gz`);
  const { warnings, summary } = await convertExport({
    source,
    file: exportFile,
    imagesDir,
    authors: {
      map: parseAuthorMap(options.authors ?? []),
      fallback: parseDefaultAuthor(options.defaultAuthor),
    },
    authorEmails: t.config.authorEmails,
    site: { name: "Duet", publicUrl: t.config.publicUrl },
    output,
  });
  const report = await importArchive({
    db: t.ctx.db,
    storage: t.ctx.storage,
    file: output,
    dryRun: options.dryRun,
    stagingDir: path.join(work, ".staging"),
  });
  t.ctx.cache.invalidate();
  return { warnings, summary, report };
}
