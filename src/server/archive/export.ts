import { createHash } from "node:crypto";
import { once } from "node:events";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { count, type SQL } from "drizzle-orm";
import tar from "tar-stream";
import type { Db } from "../db/client";
import { asItLeaves, collectUploads, type ExportScope, scopeFilter, uploadWanted } from "./export-scope";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveProgress,
  dataEntry,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  ROWS_PER_PAGE,
  VARIANT_KEY,
} from "./format";
import type { ArchiveStorage } from "./storage";
import { type ArchiveTable, archiveTables, encodeRow, readRows } from "./tables";

export interface ExportOptions {
  db: Db;
  storage: ArchiveStorage;
  site: Manifest["site"];
  authors: Manifest["authors"];
  /** Include password hashes (the account table). */
  withSecrets: boolean;
  /** The studio's Export button: only this author's blog (export-scope.ts); none: the whole blog. */
  scope?: ExportScope;
  output: Writable;
  onProgress?: (progress: ArchiveProgress) => void;
  now?: () => Date;
}

/** The tables that travel, each with the rows that do (all of them without a scope). */
function exportedTables(withSecrets: boolean, scope?: ExportScope) {
  const tables = archiveTables({ withSecrets: withSecrets && !scope });
  const out: { t: ArchiveTable; filter?: SQL }[] = [];
  for (const t of tables) {
    if (!scope) out.push({ t });
    else {
      const filter = scopeFilter(t, scope, tables);
      if (filter) out.push({ t, filter });
    }
  }
  return out;
}

/** What will be exported, counted first so progress has a total (and the browser an estimate). */
export async function measureExport(
  db: Db,
  storage: ArchiveStorage,
  withSecrets: boolean,
  scope?: ExportScope,
) {
  let totalRows = 0;
  // A scoped export takes only the images its rows show: read them once to know which.
  const wanted = scope ? new Set<string>() : null;
  for (const { t, filter } of exportedTables(withSecrets, scope)) {
    if (wanted) {
      for await (const rows of readRows(db, t, ROWS_PER_PAGE, filter)) {
        totalRows += rows.length;
        collectUploads(JSON.stringify(rows), wanted);
      }
      continue;
    }
    const [row] = await db.select({ n: count() }).from(t.table);
    totalRows += row?.n ?? 0;
  }
  let totalImages = 0;
  let imageBytes = 0;
  for await (const object of storage.list()) {
    if (wanted && !uploadWanted(object.key, wanted)) continue;
    totalImages++;
    imageBytes += object.size;
  }
  return { totalRows, totalImages, imageBytes };
}

/**
 * Stream the whole blog into `output` as a Duet archive (see format.ts). Memory stays bounded:
 * rows are read a page at a time by primary key and images are copied one file at a time.
 */
export async function writeArchive(options: ExportOptions): Promise<Manifest> {
  const { db, storage, withSecrets } = options;
  const measured = await measureExport(db, storage, withSecrets, options.scope);
  const progress: ArchiveProgress = {
    rows: 0,
    totalRows: measured.totalRows,
    images: 0,
    totalImages: measured.totalImages,
    bytes: 0,
  };
  const entries: Manifest["entries"] = {};
  const rowCounts: Record<string, number> = {};
  let images = 0;
  let variants = 0;

  const pack = tar.pack();
  const gzip = createGzip();
  // Counted in the pipeline (a 'data' listener would make gzip ignore the output's backpressure).
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      progress.bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const done = pipeline(pack, gzip, counter, options.output);
  // An output that fails (a closed download) must stop the producer too.
  let failure: unknown = null;
  done.catch((error: unknown) => {
    failure = error;
  });
  const mtime = (options.now ?? (() => new Date()))();

  /** One entry; resolves once its bytes went into the pack (backpressure from the output). */
  const addEntry = async (name: string, size: number, chunks: AsyncIterable<Buffer> | Buffer[]) => {
    if (failure) throw failure;
    const hash = createHash("sha256");
    let sink!: ReturnType<typeof pack.entry>;
    const written = new Promise<void>((resolve, reject) => {
      sink = pack.entry({ name, size, mtime, mode: 0o644, type: "file" }, (error: unknown) =>
        error ? reject(error) : resolve(),
      );
    });
    for await (const chunk of chunks) {
      hash.update(chunk);
      if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, "drain");
      if (failure) throw failure;
    }
    (sink as unknown as { end(): void }).end();
    await written;
    entries[name] = { size, sha256: hash.digest("hex") };
  };

  const header = Buffer.from(`${JSON.stringify({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION })}\n`);
  await addEntry(HEADER_ENTRY, header.length, [header]);

  const wanted = options.scope ? new Set<string>() : null;
  for (const { t, filter } of exportedTables(withSecrets, options.scope)) {
    rowCounts[t.name] = 0;
    let page = 0;
    for await (const rows of readRows(db, t, ROWS_PER_PAGE, filter)) {
      page++;
      const text = rows
        .map((r) => `${JSON.stringify(encodeRow(asItLeaves(t, r, options.scope)))}\n`)
        .join("");
      if (wanted) collectUploads(text, wanted);
      const body = Buffer.from(text);
      await addEntry(dataEntry(t.name, page), body.length, [body]);
      rowCounts[t.name] = (rowCounts[t.name] ?? 0) + rows.length;
      progress.rows += rows.length;
      options.onProgress?.({ ...progress });
    }
  }

  for await (const object of storage.list()) {
    if (wanted && !uploadWanted(object.key, wanted)) continue;
    const found = await storage.get(object.key);
    // Deleted since it was listed: nothing to copy.
    if (!found) continue;
    await addEntry(`uploads/${object.key}`, object.size, found.body);
    if (VARIANT_KEY.test(object.key)) variants++;
    else images++;
    progress.images++;
    options.onProgress?.({ ...progress });
  }

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: mtime.toISOString(),
    site: options.site,
    // A scoped archive names only its own author's address.
    authors: options.scope
      ? { him: "", her: "", [options.scope.author]: options.authors[options.scope.author] }
      : options.authors,
    withSecrets: withSecrets && !options.scope,
    counts: { rows: rowCounts, images, variants },
    entries,
  };
  const body = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
  await addEntry(MANIFEST_ENTRY, body.length, [body]);
  pack.finalize();
  await done;
  options.onProgress?.({ ...progress });
  return manifest;
}
