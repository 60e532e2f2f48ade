import { imageSrcset, loadingFor } from "../../../common/rules/image-sources";

/** SPEC §8: broken images are hidden. */
export function hideBrokenImage(event: { currentTarget: HTMLImageElement }) {
  event.currentTarget.hidden = true;
}

/**
 * SPEC §8 for server-rendered images: one that failed before the page was hydrated fired its
 * error event before React listened, so check it once React has the element.
 */
export function hideIfAlreadyBroken(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0 && img.getAttribute("src")) img.hidden = true;
}

export interface ResponsiveImageProps {
  /** An upload's URL (`/uploads/blog-images/…`); its WebP variants go in srcset. */
  src: string;
  /** The original's size in pixels: the browser reserves the space before the bytes arrive. */
  width: number;
  height: number;
  /** Which width the image is shown at (IMAGE_SIZES in common/rules/image-sources.ts). */
  sizes: string;
  alt: string;
  className?: string;
  /** The page's first image: loaded at once with high priority; every other one lazily. */
  priority?: boolean;
}

/** An uploaded image with width/height, srcset over its WebP variants, and broken-image hiding. */
export function ResponsiveImage({
  src,
  width,
  height,
  sizes,
  alt,
  className,
  priority = false,
}: ResponsiveImageProps) {
  const srcSet = imageSrcset(src, width) || undefined;
  const { loading, fetchpriority, decoding } = loadingFor(priority);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchpriority}
      decoding={decoding}
      onError={hideBrokenImage}
      ref={hideIfAlreadyBroken}
    />
  );
}
