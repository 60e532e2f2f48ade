import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { loadSharp } from "../content/image-store";
import type { AppContext } from "../context";
import { fediverseAvatars } from "../db/schema";
import { fetchRemote } from "./remote-fetch";

// A remote person's picture (a social-web actor's icon, a Webmention author's h-card photo),
// copied small into our storage. No social-web library here: Webmentions use it at start.

/** Avatars are shown small (32 px circles): stored at twice that for sharp screens. */
export const AVATAR_SIZE = 64;
/** A remote avatar larger than this is not fetched (Mastodon allows 2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TIMEOUT_MS = 5_000;
/** Decompression bombs: an avatar decoding to more pixels than this is refused. */
const AVATAR_MAX_PIXELS = 25_000_000;
export const AVATARS = "avatars";
const RETRY_MS = 24 * 60 * 60 * 1000;

/** Re-encode a fetched image as a small square WebP; null when it is not an image we accept. */
export async function resizeAvatar(data: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(data, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * A remote person's avatar, fetched once (again only when their image's address changes) through
 * the guarded fetcher, resized by sharp and kept in our storage: pages never point at their server.
 * `ownerKey` names the person (an actor's id, or a Webmention author's key). Answers our copy's
 * address, or null (initials) when there is none; never throws.
 */
export async function copyRemoteAvatar(
  app: AppContext,
  ownerKey: string,
  source: string | null,
): Promise<string | null> {
  try {
    const [known] = await app.db
      .select()
      .from(fediverseAvatars)
      .where(eq(fediverseAvatars.actorId, ownerKey));
    // Fetched once; one that failed is tried again a day later (their server may have been down).
    const failedLately = known && !known.url && app.now().getTime() - known.fetchedAt.getTime() < RETRY_MS;
    if (known && known.sourceUrl === (source ?? "") && (known.url || failedLately || !source))
      return known.url;
    let url: string | null = null;
    if (source) {
      const data = await fetchRemote(source, {
        allowPrivate: app.config.fediverseAllowPrivate,
        maxBytes: AVATAR_MAX_BYTES,
        timeoutMs: AVATAR_TIMEOUT_MS,
        type: "image/",
      }).catch(() => null);
      const resized = data && (await resizeAvatar(data));
      if (resized) {
        const hash = createHash("sha256").update(ownerKey).digest("hex").slice(0, 24);
        const key = `${AVATARS}/${app.now().getTime()}_${hash}.webp`;
        await app.storage.put(key, resized);
        url = `/uploads/${key}`;
      }
    }
    await app.db
      .insert(fediverseAvatars)
      .values({ actorId: ownerKey, sourceUrl: source ?? "", url, fetchedAt: app.now() })
      .onConflictDoUpdate({
        target: fediverseAvatars.actorId,
        set: { sourceUrl: source ?? "", url, fetchedAt: app.now() },
      });
    // The old copy is no longer shown anywhere (names are unique: a new image gets a new name).
    if (known?.url && known.url !== url)
      await app.storage.delete(known.url.slice("/uploads/".length)).catch(() => {});
    app.cache.invalidate();
    return url;
  } catch {
    // Storage or database trouble: the avatar waits for the person's next activity.
    return null;
  }
}
