import { eq, sql } from "drizzle-orm";
import { VARIANT_WIDTHS, variantUrl } from "../../common/rules/image-sources";
import type { PostImage } from "../../common/types";
import type { Db } from "../db/client";
import { blogPosts } from "../db/schema";
import { storageUnavailable } from "../errors";
import { readAll, type Storage } from "../storage/storage";
import { loadSharp } from "./image-store";

/**
 * Every post image carries its natural size, and every WebP variant its width implies exists
 * (common/rules/image-sources.ts derives srcset from the width alone). Posts are written with the
 * sizes read from storage, not the ones the client sent; older rows are completed at start.
 */

const UPLOAD_URL = /^\/uploads\/(blog-images\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;

export interface ImageSize {
  width: number;
  height: number;
}

/** The stored original's size (making any missing variant), or null when it is not in storage. */
export async function storedImageSize(storage: Storage, url: string): Promise<ImageSize | null> {
  const key = UPLOAD_URL.exec(url)?.[1];
  if (!key || key.includes("..")) return null;
  const object = await storage.get(key);
  if (!object) return null;
  const sharp = await loadSharp();
  const data = await readAll(object.body);
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  // Stored originals are already oriented (decodeImage rotates them), so these are display sizes.
  for (const width of VARIANT_WIDTHS) {
    if (width >= meta.width) continue;
    const variant = variantUrl(key, width);
    if (await storage.exists(variant)) continue;
    await storage.put(variant, await sharp(data).resize({ width }).webp({ quality: 80 }).toBuffer());
  }
  return { width: meta.width, height: meta.height };
}

/**
 * The width of a photo shown through srcset (an author's photo): null when it is not one of our
 * uploads, not in storage, or storage cannot be read; it never fails the write that records it.
 */
export async function storedImageWidth(storage: Storage, url: string): Promise<number | null> {
  const size = await storedImageSize(storage, url).catch(() => null);
  return size?.width ?? null;
}

/**
 * The images with their sizes as stored; an image storage does not have keeps what it had. Sizes
 * the post already recorded for the same URL (`known`, an edit's current images) are not read again.
 */
export async function withStoredSizes(
  storage: Storage,
  images: readonly PostImage[],
  known: readonly PostImage[] = [],
): Promise<PostImage[]> {
  const recorded = new Map(known.filter((i) => !lacksSize(i)).map((i) => [i.url, i]));
  const out: PostImage[] = [];
  for (const image of images) {
    const was = recorded.get(image.url);
    const size = was
      ? { width: was.width, height: was.height }
      : await storedImageSize(storage, image.url).catch(() => {
          // Nothing half-way: a post whose images cannot be looked up is not saved.
          throw storageUnavailable();
        });
    out.push(size ? { ...image, ...size } : image);
  }
  return out;
}

const lacksSize = (i: PostImage) => !i.width || !i.height;

/**
 * Posts written before sizes were recorded (or imported without them): read each image once and
 * store its size, so cards and content images reserve their space. Cheap when there is nothing to do.
 */
export async function backfillImageSizes(db: Db, storage: Storage): Promise<number> {
  const rows = await db
    .select({ id: blogPosts.id, images: blogPosts.images })
    .from(blogPosts)
    .where(
      sql`exists (select 1 from jsonb_array_elements(${blogPosts.images}) e where jsonb_typeof(e -> 'width') is distinct from 'number' or jsonb_typeof(e -> 'height') is distinct from 'number')`,
    );
  let updated = 0;
  for (const row of rows) {
    const images = await Promise.all(
      row.images.map(async (image) => {
        if (!lacksSize(image)) return image;
        const size = await storedImageSize(storage, image.url).catch(() => null);
        return size ? { ...image, ...size } : image;
      }),
    );
    if (images.every((image, i) => image === row.images[i])) continue;
    await db.update(blogPosts).set({ images }).where(eq(blogPosts.id, row.id));
    updated++;
  }
  return updated;
}
