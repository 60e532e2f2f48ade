// Compressed bombs for the import tests: a few MB of gzip that unpack to GBs.
// Built from gzip members (a gzip file may hold several, read one after the other), so the
// zeros are compressed once: building a 2.4 GB bomb takes a fraction of a second.
import { gzipSync } from "node:zlib";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, HEADER_ENTRY } from "../archive/format";

const ENTRY_BYTES = 60 * 1024 * 1024;
const ENTRIES = 40;

/** A ustar header block for a plain file of `size` bytes. */
function tarHeader(name: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) =>
    block.write(value, offset, length, "ascii");
  const octal = (n: number, length: number) => `${n.toString(8).padStart(length - 1, "0")}\0`;
  field(0, 100, name);
  field(100, 8, octal(0o644, 8));
  field(108, 8, octal(0, 8));
  field(116, 8, octal(0, 8));
  field(124, 12, octal(size, 12));
  field(136, 12, octal(0, 12));
  field(148, 8, "        ");
  field(156, 1, "0");
  field(257, 8, "ustar\u000000");
  let sum = 0;
  for (const byte of block) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

let cached: Record<"images of zeros" | "zeros after the manifest", Buffer> | null = null;

/** Two bombs: 40 'images' of 60 MB zeros each, and a valid archive followed by 2.4 GB of zeros. */
export async function bombArchives(valid: Buffer) {
  if (cached) return cached;
  const zeros = gzipSync(Buffer.alloc(ENTRY_BYTES), { level: 9 });
  const header = Buffer.from(JSON.stringify({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION }));
  const padded = Buffer.alloc(512);
  header.copy(padded);
  const images: Buffer[] = [gzipSync(Buffer.concat([tarHeader(HEADER_ENTRY, header.length), padded]))];
  // Each 'image' is ENTRY_BYTES of zeros (a multiple of 512: no padding after it).
  for (let i = 0; i < ENTRIES; i++)
    images.push(gzipSync(tarHeader(`uploads/blog-images/1_zero${i}.jpg`, ENTRY_BYTES)), zeros);
  cached = {
    "images of zeros": Buffer.concat(images),
    "zeros after the manifest": Buffer.concat([valid, ...Array.from({ length: ENTRIES }, () => zeros)]),
  };
  return cached;
}
