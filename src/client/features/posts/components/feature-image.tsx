import { IMAGE_SIZES } from "../../../../common/rules/image-sources";
import type { BlogPost } from "../../../../common/types";
import { ResponsiveImage } from "../../../components/ui/responsive-image";

/** A feature image whose size is not recorded still gets its box's ratio (16:9, reading.css). */
const BOX = { width: 1600, height: 900 };

const IMAGE_SRC = /<img\b[^>]*\bsrc="([^"]*)"/gi;

/**
 * The post's feature image: the thumbnail the author chose for it, when it is not also in the
 * text. A thumbnail the author placed in the text stays where they put it (shown once); one kept
 * out of the text (uploaded, made the thumbnail, not inserted) opens the post.
 */
export function featureImageUrl(post: Pick<BlogPost, "imageUrl" | "content" | "images">): string | null {
  const url = post.imageUrl;
  if (!url) return null;
  const ids = post.images.filter((image) => image.url === url).map((image) => image.id);
  for (const [, src] of post.content.matchAll(IMAGE_SRC)) if (src === url) return null;
  if (ids.some((id) => post.content.includes(`data-image-id="${id}"`))) return null;
  return url;
}

/** The feature image above the text; its alt text is the image's own (null: the title; '': decorative). */
export function FeatureImage({ post, priority }: { post: BlogPost; priority: boolean }) {
  const src = featureImageUrl(post);
  if (!src) return null;
  const entry = post.images.find((image) => image.url === src);
  const alt = entry ? (entry.alt ?? post.title) : "";
  return (
    <figure className="post-feature">
      <ResponsiveImage
        className="post-feature-image"
        src={src}
        width={entry?.width ?? BOX.width}
        height={entry?.height ?? BOX.height}
        sizes={IMAGE_SIZES.content}
        alt={alt}
        priority={priority}
      />
    </figure>
  );
}
