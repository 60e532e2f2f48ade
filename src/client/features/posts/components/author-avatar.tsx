import { useState } from "react";
import { IMAGE_SIZES, imageSrcset } from "../../../../common/rules/image-sources";
import { initialsOf } from "../../../../common/rules/initials";
import type { AuthorProfile } from "../../../../common/types";

/**
 * The author's photo; their initials when they have none (or it fails to load, SPEC §8: no broken
 * images); nothing when they set neither. Decorative: their name is always written beside it.
 */
export function AuthorAvatar({ profile, size }: { profile: AuthorProfile; size: "small" | "large" }) {
  const [broken, setBroken] = useState(false);
  const initials = initialsOf(profile.name);
  const className = `author-avatar author-avatar--${size}`;
  if (profile.photoUrl && !broken) {
    // A WebP variant a few times the circle's size, not the original upload (which may be MBs).
    const srcset = imageSrcset(profile.photoUrl, profile.photoWidth);
    return (
      <img
        className={className}
        srcSet={srcset || undefined}
        sizes={srcset ? (size === "large" ? IMAGE_SIZES.avatarLarge : IMAGE_SIZES.avatarSmall) : undefined}
        src={profile.photoUrl}
        alt=""
        // Square; the CSS sets the size (author-avatar--small/large). The card's is far down the page.
        width={96}
        height={96}
        loading={size === "large" ? "lazy" : undefined}
        decoding="async"
        onError={() => setBroken(true)}
        // A server-rendered photo that failed before hydration fired its error unheard.
        ref={(img) => {
          if (img?.complete && img.naturalWidth === 0) setBroken(true);
        }}
      />
    );
  }
  if (!initials) return null;
  return (
    <span className={`${className} author-avatar--initials`} aria-hidden="true">
      {initials}
    </span>
  );
}
