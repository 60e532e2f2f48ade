import { z } from "zod";

/**
 * The Duet archive (docs/moving.md): one gzip-compressed tar file.
 *   duet-archive.json            first: { format, version } so a wrong file is refused at once
 *   data/{table}/{page}.jsonl    one row per line, field names as in the schema (SPEC §3 names)
 *   uploads/{key}                every stored image and its variants, as served under /uploads/
 *   manifest.json                last (its checksums are computed while streaming): counts and
 *                                the size and sha256 of every entry above
 */
export const ARCHIVE_FORMAT = "duet-archive";
export const ARCHIVE_VERSION = 1;
export const HEADER_ENTRY = "duet-archive.json";
export const MANIFEST_ENTRY = "manifest.json";
/** Rows per data page: a page is built in memory, so this bounds the exporter's memory. */
export const ROWS_PER_PAGE = 500;

export const dataEntry = (table: string, page: number) =>
  `data/${table}/${String(page).padStart(6, "0")}.jsonl`;
export const DATA_ENTRY = /^data\/([a-z_]{1,63})\/(\d{6})\.jsonl$/;
export const UPLOAD_ENTRY =
  /^uploads\/((?:[A-Za-z0-9][A-Za-z0-9._-]{0,254}\/){0,3}[A-Za-z0-9][A-Za-z0-9._-]{0,254})$/;
/** `{name}.{width}w.webp`: a variant the importer makes again from its original. */
export const VARIANT_KEY = /^(.+)\.\d{1,5}w\.webp$/;

export const HeaderSchema = z.strictObject({ format: z.literal(ARCHIVE_FORMAT), version: z.number().int() });

export const ManifestSchema = z.strictObject({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  createdAt: z.string(),
  site: z.strictObject({ name: z.string(), publicUrl: z.string() }),
  /** Which account is 'him' and which is 'her' where the archive was made (roles). */
  authors: z.strictObject({ him: z.string(), her: z.string() }),
  withSecrets: z.boolean(),
  counts: z.strictObject({
    rows: z.record(z.string(), z.number().int().nonnegative()),
    images: z.number().int().nonnegative(),
    variants: z.number().int().nonnegative(),
  }),
  entries: z.record(
    z.string(),
    z.strictObject({ size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export interface ArchiveProgress {
  rows: number;
  totalRows: number;
  images: number;
  totalImages: number;
  bytes: number;
}

/** "rows 120/3400 · images 30/2000 · 12.3 MB", the terminal's progress line. */
export function formatProgress(p: ArchiveProgress): string {
  const mb = (p.bytes / 1_000_000).toFixed(1);
  return `rows ${p.rows}/${p.totalRows} · images ${p.images}/${p.totalImages} · ${mb} MB`;
}

/** Thrown for an archive that cannot be imported; the message is shown to the person as is. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** An archive refused with a reason; the blog stays as it was. */
export const refused = (detail: string) => new ArchiveError(`${detail}. Nothing was imported.`);

/** The studio's import ran out of its memory bound (inspect-child.ts). */
export const TOO_MUCH_MEMORY =
  "The archive needs more memory to check than the Import button allows; import it with npm run import. Nothing was imported.";
