import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Object storage for uploads (originals and every variant): DATA_DIR/uploads on the local disk,
 * or an S3-compatible bucket. Keys are relative paths such as `blog-images/{timestamp}_{name}`;
 * the public URL of a key is `/uploads/{key}`.
 */

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
  /** Quoted, as sent in an ETag header. */
  etag: string;
}

export interface PutOptions {
  /** Refuse to overwrite: resolves false when the key already exists. */
  exclusive?: boolean;
}

export interface Storage {
  readonly kind: "local" | "s3";
  /** Store a whole object; true when written (false only with `exclusive` and an existing key). */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<boolean>;
  /** The object and a stream of its bytes, or null when there is none. */
  get(key: string): Promise<{ info: StoredObject; body: Readable } | null>;
  /** The object's size, date and ETag, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Remove an object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no particular order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** Throws when the storage does not answer (readiness). */
  check(): Promise<void>;
  /**
   * Loads what the first request needs (the S3 client: its SDK is imported on first use), so a
   * readiness probe times the bucket's answer, not a module load on a busy machine.
   */
  load?(): Promise<void>;
  close(): void;
}

/** Only images are stored and served, each with the one type its extension names (never sniffed, never SVG). */
export const UPLOAD_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** Names are unique (a timestamp and never overwritten), so every stored object may be cached for good. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export const contentTypeOf = (key: string): string | undefined =>
  UPLOAD_TYPES[path.extname(key).toLowerCase()];

// Stored names are `{timestamp}_{letters, digits and dots}` under blog-images/: a segment never
// starts with a dot and never holds a separator, so '..' and hidden files cannot be named.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** True for a key of 1–4 plain segments ending in an image name. */
export function isImageKey(key: string): boolean {
  const segments = key.split("/");
  if (segments.length === 0 || segments.length > 4) return false;
  if (!segments.every((s) => SEGMENT.test(s))) return false;
  return contentTypeOf(key) !== undefined;
}

/** Read a whole stream (an upload body) into memory. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
