import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  dataEntry,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
} from "../format";

/** What an importer built, in the archive's shape (builder.ts). */
export interface BuiltArchive {
  site: Manifest["site"];
  authors: Manifest["authors"];
  tables: [string, Record<string, unknown>[]][];
  /** Local files and the keys they are stored under (`blog-images/…`). */
  images: { local: string; key: string }[];
}

/**
 * A Duet archive being written to `file`: the header goes first; `add` writes an entry and keeps
 * its size and checksum in `entries`; `finish` writes the manifest last and waits for the file.
 */
export function archivePack(file: string) {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), createWriteStream(file));
  // Awaited at the end; a failure meanwhile (no such folder) must not go unhandled.
  done.catch(() => {});
  const entries: Manifest["entries"] = {};
  const add = (name: string, data: Buffer) => {
    entries[name] = { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
    pack.entry({ name, size: data.length }, data);
  };
  add(HEADER_ENTRY, Buffer.from(JSON.stringify({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION })));
  const finish = async (manifest: Manifest) => {
    const body = Buffer.from(JSON.stringify(manifest));
    pack.entry({ name: MANIFEST_ENTRY, size: body.length }, body);
    pack.finalize();
    await done;
  };
  return { add, entries, finish };
}

/** Write a Duet archive (format.ts): header first, rows in pages of 500, images, manifest last. */
export async function writeArchive(file: string, built: BuiltArchive): Promise<void> {
  const { add, entries, finish } = archivePack(file);
  const rows: Record<string, number> = {};
  for (const [table, list] of built.tables) {
    rows[table] = list.length;
    for (let i = 0; i < list.length; i += 500)
      add(
        dataEntry(table, i / 500 + 1),
        Buffer.from(
          list
            .slice(i, i + 500)
            .map((r) => `${JSON.stringify(r)}\n`)
            .join(""),
        ),
      );
  }
  for (const { local, key } of built.images) add(`uploads/${key}`, await readFile(local));
  await finish({
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: new Date().toISOString(),
    site: built.site,
    authors: built.authors,
    withSecrets: false,
    counts: { rows, images: built.images.length, variants: 0 },
    entries,
  });
}
