import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Transform } from "node:stream";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import {
  ARCHIVE_VERSION,
  ArchiveError,
  HEADER_ENTRY,
  HeaderSchema,
  MANIFEST_ENTRY,
  type Manifest,
  ManifestSchema,
} from "./format";

/** The largest single entry read into memory (an image is at most 10 MB, a data page far less). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * A compressed bomb: what an archive may unpack to. Images barely compress and
 * rows of JSON about tenfold, so a real archive stays far below 50 times its file (plus 64 MB for
 * a small one); 16 GiB is the ceiling whatever the file. Once the manifest is read only the tar's
 * end blocks may follow. Reading stops the moment a limit is passed.
 */
export const INFLATE_RATIO = 50;
export const INFLATE_FLOOR = 64 * 1024 * 1024;
export const INFLATE_CEILING = 16 * 1024 * 1024 * 1024;
/** Two zero blocks and the padding of the last 10 KiB record, with room to spare. */
const TAR_END_BYTES = 20 * 1024;

export const inflateLimit = (fileBytes: number) =>
  Math.min(INFLATE_CEILING, INFLATE_FLOOR + INFLATE_RATIO * fileBytes);

export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

const damaged = (detail: string) =>
  new ArchiveError(`The archive is damaged or not a Duet archive: ${detail}. Nothing was imported.`);

/**
 * Read a Duet archive entry by entry (one in memory at a time), checking its header first and,
 * at the end, every entry's size and sha256 against the manifest. Throws ArchiveError with a
 * message for a person when anything does not match. Returns the manifest.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
  /** Entries not wanted are checked while streaming, never held in memory nor passed on. */
  wants: (name: string) => boolean = () => true,
): Promise<Manifest> {
  const limit = inflateLimit((await stat(file)).size);
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  let streamError: Error | null = null;
  const fail = (error: Error) => {
    streamError ??= error;
    extract.destroy(error);
  };
  let manifest: Manifest | null = null;
  let inflated = 0;
  let atManifest = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      inflated += chunk.length;
      if (inflated > limit)
        return callback(damaged(`it unpacks to more than ${Math.round(limit / 1024 / 1024)} MB`));
      if (manifest && inflated - atManifest > TAR_END_BYTES)
        return callback(damaged(`it holds data after ${MANIFEST_ENTRY}`));
      callback(null, chunk);
    },
  });
  source.on("error", fail);
  gunzip.on("error", fail);
  meter.on("error", fail);
  source
    .pipe(gunzip)
    .pipe(meter)
    .pipe(extract as unknown as NodeJS.WritableStream);

  const seen: Manifest["entries"] = {};
  let index = 0;
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      if (type !== "file") throw damaged(`'${name}' is not a plain file`);
      if (size > MAX_ENTRY_BYTES)
        throw damaged(`'${name}' is larger than ${MAX_ENTRY_BYTES / 1024 / 1024} MB`);
      if (manifest) throw damaged(`'${name}' comes after the manifest`);
      if (seen[name]) throw damaged(`'${name}' appears twice`);
      const keep = index === 0 || name === MANIFEST_ENTRY || wants(name);
      const chunks: Buffer[] = [];
      const hash = createHash("sha256");
      let bytes = 0;
      for await (const chunk of entry) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        hash.update(buffer);
        bytes += buffer.length;
        if (keep) chunks.push(buffer);
      }
      const data = Buffer.concat(chunks);
      if (index++ === 0) {
        if (name !== HEADER_ENTRY) throw damaged(`it does not start with ${HEADER_ENTRY}`);
        const header = HeaderSchema.safeParse(parseJson(data, name));
        if (!header.success) throw damaged(`${HEADER_ENTRY} is not valid`);
        if (header.data.version > ARCHIVE_VERSION)
          throw new ArchiveError(
            `This archive was made by a newer Duet (format version ${header.data.version}); update Duet to import it.`,
          );
        seen[name] = { size: data.length, sha256: hash.digest("hex") };
        continue;
      }
      if (name === MANIFEST_ENTRY) {
        const parsed = ManifestSchema.safeParse(parseJson(data, name));
        if (!parsed.success) throw damaged("the manifest is not valid");
        manifest = parsed.data;
        atManifest = inflated;
        continue;
      }
      seen[name] = { size: bytes, sha256: hash.digest("hex") };
      if (keep) await onEntry({ name, data });
    }
  } catch (error) {
    // Stop unpacking at once: nothing after the first bad entry is read.
    source.destroy();
    gunzip.destroy();
    meter.destroy();
    const failure = streamError as Error | null;
    if (failure instanceof ArchiveError) throw failure;
    if (error instanceof ArchiveError) throw error;
    throw damaged(describe(streamError ?? error));
  }
  const failure = streamError as Error | null;
  if (failure instanceof ArchiveError) throw failure;
  if (failure) throw damaged(describe(failure));
  if (!manifest) throw damaged("it has no manifest (the file may be cut short)");
  for (const [name, expected] of Object.entries(manifest.entries)) {
    const got = seen[name];
    if (!got) throw damaged(`'${name}' is listed in the manifest but missing`);
    if (got.size !== expected.size || got.sha256 !== expected.sha256)
      throw damaged(`'${name}' does not match its checksum`);
  }
  for (const name of Object.keys(seen))
    if (!manifest.entries[name]) throw damaged(`'${name}' is not listed in the manifest`);
  return manifest;
}

function parseJson(data: Buffer, name: string): unknown {
  try {
    return JSON.parse(data.toString("utf8"));
  } catch {
    throw damaged(`${name} is not valid JSON`);
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR") return "the compressed data is cut short or corrupt";
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(message)) return "the file is cut short";
  return message.replace(/\.$/, "");
}
