import { randomUUID } from "node:crypto";
import type SharpModule from "sharp";
import { UPLOAD_MAX_BYTES } from "../../common/limits";
import { AppError, payloadTooLarge, storageUnavailable, unsupportedMedia } from "../errors";
import { readAll, type Storage } from "../storage/storage";

/**
 * Blog images: decoded and re-encoded by sharp (metadata such as GPS dropped, no SVG, no
 * polyglots), stored in the uploads storage as blog-images/{timestamp}_{name} with WebP variants
 * `{file}.{width}w.webp` for srcset.
 */

let loadingSharp: Promise<typeof SharpModule> | null = null;
/**
 * sharp (libvips, ~25 MB) is loaded on the first image, not at start: a reading server never needs
 * it. libvips keeps up to 50 MB of recent operations by default; every image is processed once
 * here, so that cache would only hold memory on a small server.
 */
export const loadSharp = (): Promise<typeof SharpModule> =>
  (loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

export const BLOG_IMAGES = "blog-images";
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The stored original is at most this wide or tall (phones take 4000+ px photos). */
const MAX_DIMENSION = 2400;
/** Decompression bombs: a small file that decodes to a billion pixels is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff", "heif"]);

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

export interface DecodedImage {
  name: string;
  data: Buffer;
  format: "jpeg" | "png" | "webp";
  width: number;
  height: number;
}

/** SPEC §5: upload names are sanitised to letters, digits and dots (no path, no leading dot). */
export function sanitiseFileName(original: string, ext: string): string {
  const base = original
    .replace(/[^A-Za-z0-9.]/g, "")
    .replace(/\.{2,}/g, ".")
    .replace(/^\.+|\.+$/g, "")
    // The stored format decides the extension, whatever the upload was called.
    .replace(/\.(jpe?g|png|webp|gif|avif|tiff?|heic|heif|svg|bmp)$/i, "")
    .slice(0, 80);
  return `${base || "image"}.${ext}`;
}

/** Decode, orient, strip metadata and re-encode one upload; refuse what is not an image. */
export async function decodeImage(fileName: string, input: Buffer): Promise<DecodedImage> {
  const sharp = await loadSharp();
  if (input.length > UPLOAD_MAX_BYTES) throw payloadTooLarge();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw unsupportedMedia();
  }
  if (!format || !ACCEPTED.has(format)) throw unsupportedMedia();
  const out: DecodedImage["format"] = format === "jpeg" ? "jpeg" : format === "webp" ? "webp" : "png";
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true });
    const encoded =
      out === "jpeg"
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : out === "webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const ext = out === "jpeg" ? "jpg" : out;
    return {
      name: sanitiseFileName(fileName, ext),
      data,
      format: out,
      width: info.width,
      height: info.height,
    };
  } catch {
    throw unsupportedMedia();
  }
}

const variantKey = (key: string, width: number) => `${key}.${width}w.webp`;

/** The WebP variants of a decoded image for srcset (`{name}.{width}w.webp`), only below its width. */
export async function makeVariants(image: {
  data: Buffer;
  width: number;
}): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  const out: { width: number; data: Buffer }[] = [];
  for (const width of VARIANT_WIDTHS) {
    if (width >= image.width) continue;
    out.push({ width, data: await sharp(image.data).resize({ width }).webp({ quality: 80 }).toBuffer() });
  }
  return out;
}

/** Write decoded images under a fresh {timestamp}_{name}; variants only below the stored width. */
export async function storeImages(storage: Storage, images: DecodedImage[], now: () => Date) {
  const written: string[] = [];
  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      let stamp = now().getTime();
      let key = `${BLOG_IMAGES}/${stamp}_${image.name}`;
      // Never overwrite: two uploads of one name in the same millisecond get the next one.
      while (!(await storage.put(key, image.data, { exclusive: true }))) {
        stamp++;
        key = `${BLOG_IMAGES}/${stamp}_${image.name}`;
      }
      written.push(key);
      for (const variant of await makeVariants(image)) {
        written.push(variantKey(key, variant.width));
        await storage.put(variantKey(key, variant.width), variant.data);
      }
      stored.push({
        id: randomUUID().replace(/-/g, "").slice(0, 16),
        url: `/uploads/${key}`,
        width: image.width,
        height: image.height,
      });
    }
  } catch (error) {
    // Nothing stored half-way: the caller gets an error and no URL, and no orphan stays behind.
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error instanceof AppError ? error : storageUnavailable();
  }
  return stored;
}

/** The stored original's width (read from its header), or null when it is missing or unreadable. */
async function storedWidth(storage: Storage, key: string): Promise<number | null> {
  const sharp = await loadSharp();
  const object = await storage.get(key);
  if (!object) return null;
  const meta = await sharp(await readAll(object.body))
    .metadata()
    .catch(() => null);
  return meta?.width ?? null;
}

/**
 * Add srcset/sizes to our images whose WebP variants exist (done at write time, after the
 * sanitiser, so the post page needs no lookups).
 */
export async function addSrcset(html: string, storage: Storage): Promise<string> {
  const tags = [...html.matchAll(/<img\b[^>]*>/g)];
  if (tags.length === 0) return html;
  const replacements = new Map<string, string>();
  try {
    for (const [tag] of tags) {
      if (replacements.has(tag) || tag.includes(" srcset=")) continue;
      const src = /\ssrc="\/uploads\/blog-images\/([A-Za-z0-9][A-Za-z0-9._-]*)"/.exec(tag)?.[1];
      if (!src) continue;
      const key = `${BLOG_IMAGES}/${src}`;
      const found = await Promise.all(VARIANT_WIDTHS.map((w) => storage.exists(variantKey(key, w))));
      const variants = VARIANT_WIDTHS.filter((_, i) => found[i]);
      if (variants.length === 0) continue;
      const width = await storedWidth(storage, key);
      if (!width) continue;
      const url = `/uploads/${key}`;
      const srcset = [...variants.map((w) => `${variantKey(url, w)} ${w}w`), `${url} ${width}w`].join(", ");
      const sizes = /post-image--small/.test(tag)
        ? "(max-width: 600px) 50vw, 300px"
        : "(max-width: 900px) 100vw, 900px";
      replacements.set(tag, tag.replace(/^<img\b/, `<img srcset="${srcset}" sizes="${sizes}"`));
    }
  } catch {
    // The post is not saved when its images cannot be looked up (storage down): nothing half-way.
    throw storageUnavailable();
  }
  return html.replace(/<img\b[^>]*>/g, (tag) => replacements.get(tag) ?? tag);
}
