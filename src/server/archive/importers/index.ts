import { readFile } from "node:fs/promises";
import type { Manifest } from "../format";
import { ArchiveError } from "../format";
import type { AuthorChoice } from "./author-map";
import { ArchiveBuilder } from "./builder";
import { buildFromGhost } from "./ghost";
import { buildFromOriginal } from "./original";
import { buildFromWordPress } from "./wordpress";

export const SOURCES = ["original", "wordpress", "ghost"] as const;
export type Source = (typeof SOURCES)[number];

export interface ConvertOptions {
  source: Source;
  /** The export file: JSON (original, Ghost) or WXR XML (WordPress). */
  file: string;
  /** The folder its images are in (original: any folder; WordPress: wp-content/uploads; Ghost: content/images). */
  imagesDir: string;
  /** `--author NAME=him|her` and `--default-author` (the original app names its authors itself). */
  authors: AuthorChoice;
  /** This blog's author addresses (they become the imported authors' accounts). */
  authorEmails: { him: string; her: string };
  site: Manifest["site"];
  /** Where to write the Duet archive. */
  output: string;
}

async function readJson(file: string, what: string): Promise<unknown> {
  const body = await readFile(file, "utf8");
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new ArchiveError(`The file is not a valid ${what} (not JSON: ${(error as Error).message}).`);
  }
}

export interface ConvertResult {
  /** Shown before the import (posts given to the default author, images not found per post…). */
  warnings: string[];
  /** Lines the import summary adds (posts kept as drafts, images left out). */
  summary: string[];
}

/** Turn another system's export into a Duet archive. */
export async function convertExport(options: ConvertOptions): Promise<ConvertResult> {
  const builder = new ArchiveBuilder(options.source, options.authorEmails);
  if (options.source === "original")
    await buildFromOriginal(
      builder,
      await readJson(options.file, "export of the original app"),
      options.imagesDir,
    );
  else if (options.source === "ghost")
    await buildFromGhost(
      builder,
      await readJson(options.file, "Ghost export"),
      options.imagesDir,
      options.authors,
    );
  else
    await buildFromWordPress(
      builder,
      await readFile(options.file, "utf8"),
      options.imagesDir,
      options.authors,
    );
  await builder.write(options.output, options.site);
  return { warnings: builder.warnings, summary: builder.summary() };
}
