import type { FastifyInstance } from "fastify";
import { etagMatches } from "../cache/http-body";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { contentTypeOf, IMMUTABLE_CACHE, isImageKey } from "../storage/storage";

/** The storage key a URL path under /uploads/ names, or null when it is not a plain image path. */
export function uploadKeyOf(urlPath: string): string | null {
  const segments: string[] = [];
  for (const raw of urlPath.split("/")) {
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  const key = segments.join("/");
  // A decoded segment holding a separator ('..%2f') would change the key's shape: refused.
  if (segments.some((s) => s.includes("/") || s.includes("\\"))) return null;
  return isImageKey(key) ? key : null;
}

/**
 * GET /uploads/* from the uploads storage (local folder or bucket): immutable (names are unique),
 * strict image types, whichever storage holds them. With UPLOADS_PUBLIC_URL, a permanent redirect
 * to the CDN instead.
 */
export async function registerUploadsStatic(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { storage } = ctx;
  const publicUrl = ctx.config.uploadsPublicUrl;

  app.get("/uploads/*", async (request, reply) => {
    const key = uploadKeyOf(request.url.split("?")[0]!.slice("/uploads/".length));
    if (!key) throw notFound("file", "File not found");
    if (publicUrl) {
      reply.header("cache-control", IMMUTABLE_CACHE);
      return reply.redirect(`${publicUrl}/${key}`, 301);
    }
    // A revalidation needs the ETag only: no body is fetched from the bucket for a 304.
    if (request.headers["if-none-match"]) {
      const info = await storage.stat(key);
      if (!info) throw notFound("file", "File not found");
      if (etagMatches(request.headers["if-none-match"], info.etag)) {
        reply.header("cache-control", IMMUTABLE_CACHE).header("etag", info.etag);
        return reply.status(304).send();
      }
    }
    const object = await storage.get(key);
    if (!object) throw notFound("file", "File not found");
    reply.header("content-type", contentTypeOf(key)!);
    reply.header("x-content-type-options", "nosniff");
    reply.header("cache-control", IMMUTABLE_CACHE);
    reply.header("etag", object.info.etag);
    reply.header("last-modified", object.info.lastModified.toUTCString());
    reply.header("content-length", object.info.size);
    return reply.send(object.body);
  });
}
