import { useLayoutEffect, useMemo, useRef } from "react";
import { enhancePostImages } from "../../../../common/rules/image-sources";
import type { PostImage } from "../../../../common/types";
import { sanitizePostHtml } from "../../../lib/sanitize";

/**
 * Post HTML, sanitised again in the browser, its images given their sizes, srcset and loading
 * (the same on the server and in the browser, so hydration meets the same markup); images that
 * fail to load are hidden (SPEC §8).
 */
export function PostContent({
  html,
  images,
  priorityFirst = true,
}: {
  html: string;
  /** The post's image list: the natural size of each image in the content. */
  images: readonly PostImage[];
  /** The content's first image is the page's first image (false when one comes before it). */
  priorityFirst?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const safe = useMemo(
    () => ({ __html: enhancePostImages(sanitizePostHtml(html), images, { priorityFirst }) }),
    [html, images, priorityFirst],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the images change whenever the HTML does.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const hide = (img: HTMLImageElement) => {
      img.hidden = true;
    };
    for (const img of el.querySelectorAll("img")) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) hide(img);
    }
    // 'error' does not bubble: listen in the capture phase for every image inside.
    const handleError = (event: Event) => {
      if (event.target instanceof HTMLImageElement) hide(event.target);
    };
    el.addEventListener("error", handleError, true);
    return () => el.removeEventListener("error", handleError, true);
  }, [safe]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizePostHtml just above.
  return <div ref={ref} className="post-content" dangerouslySetInnerHTML={safe} />;
}
