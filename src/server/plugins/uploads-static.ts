import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { etagMatches } from "../cache";
import type { AppContext } from "../context";
import { notFound } from "../errors";

/** Only images are served, each with the one type its extension names (never sniffed, never SVG). */
export const UPLOAD_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

// Stored names are `{timestamp}_{letters, digits and dots}` under blog-images/: a segment never
// starts with a dot and never holds a separator, so '..' and hidden files cannot be named.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

/** The file under `root` a URL path names, or null when it is not a plain image path. */
export function resolveUploadPath(root: string, urlPath: string): string | null {
  const segments: string[] = [];
  for (const raw of urlPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!SEGMENT.test(segment)) return null;
    segments.push(segment);
  }
  if (segments.length === 0 || segments.length > 4) return null;
  const last = segments[segments.length - 1]!;
  if (!UPLOAD_TYPES[path.extname(last).toLowerCase()]) return null;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/** GET /uploads/* from DATA_DIR/uploads: immutable (names are unique), strict image types. */
export async function registerUploadsStatic(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = path.resolve(ctx.config.dataDir, "uploads");

  app.get("/uploads/*", async (request, reply) => {
    const urlPath = request.url.split("?")[0]!.slice("/uploads/".length);
    const file = resolveUploadPath(root, urlPath);
    if (!file) throw notFound("file", "File not found");
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound("file", "File not found");
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    reply.header("content-type", UPLOAD_TYPES[path.extname(file).toLowerCase()]!);
    reply.header("x-content-type-options", "nosniff");
    reply.header("cache-control", "public, max-age=31536000, immutable");
    reply.header("etag", etag);
    reply.header("last-modified", info.mtime.toUTCString());
    if (etagMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    reply.header("content-length", info.size);
    return reply.send(createReadStream(file));
  });
}
