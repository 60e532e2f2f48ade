import type { FastifyInstance } from "fastify";
import { loadSharp } from "../content/image-store";
import type { AppContext } from "../context";
import { notFound } from "../errors";
import { contentTypeOf, IMMUTABLE_CACHE, isImageKey, readAll, type Storage } from "../storage/storage";

// Images in email (docs/decisions/0030-designed-letters.md): mail apps do not all show WebP, so a
// letter's images are JPEG (PNG when the picture has transparency), at most MAIL_IMAGE_WIDTH wide.
// Each is made from the stored original the first time a mail app asks, then kept in storage
// beside it: old posts need no backfill, and a post nobody mailed costs nothing.

export const MAIL_IMAGE_WIDTH = 600;

const variantKeys = (key: string) => [`${key}.mail.jpg`, `${key}.mail.png`];

/** The stored mail variant's key, made now when missing; null when the original is not in storage. */
export async function ensureMailImage(storage: Storage, key: string): Promise<string | null> {
  for (const variant of variantKeys(key)) if (await storage.exists(variant)) return variant;
  const original = await storage.get(key);
  if (!original) return null;
  const sharp = await loadSharp();
  const data = await readAll(original.body);
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!meta?.width) return null;
  const resized = sharp(data).resize({
    width: Math.min(MAIL_IMAGE_WIDTH, meta.width),
    withoutEnlargement: true,
  });
  const [jpg, png] = variantKeys(key) as [string, string];
  if (meta.hasAlpha) {
    await storage.put(png, await resized.png({ compressionLevel: 9 }).toBuffer());
    return png;
  }
  await storage.put(
    jpg,
    await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
  );
  return jpg;
}

/** GET /mail-images/blog-images/{name}: the mail variant of an upload (made on first request). */
export async function registerMailImages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Many mail apps fetch a new letter's images at once: one process makes each variant once.
  const making = new Map<string, Promise<string | null>>();
  app.get<{ Params: { name: string } }>("/mail-images/blog-images/:name", async (request, reply) => {
    const key = `blog-images/${request.params.name}`;
    if (!isImageKey(key) || key.includes(".mail.")) throw notFound("file", "File not found");
    let pending = making.get(key);
    if (!pending) {
      pending = ensureMailImage(ctx.storage, key).finally(() => making.delete(key));
      making.set(key, pending);
    }
    const variant = await pending;
    if (!variant) throw notFound("file", "File not found");
    reply.header("cache-control", IMMUTABLE_CACHE);
    if (ctx.config.uploadsPublicUrl) return reply.redirect(`${ctx.config.uploadsPublicUrl}/${variant}`, 301);
    const object = await ctx.storage.get(variant);
    if (!object) throw notFound("file", "File not found");
    reply.header("content-type", contentTypeOf(variant)!);
    reply.header("x-content-type-options", "nosniff");
    reply.header("etag", object.info.etag);
    reply.header("content-length", object.info.size);
    return reply.send(object.body);
  });
}
