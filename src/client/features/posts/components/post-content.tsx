import { useLayoutEffect, useMemo, useRef } from "react";
import { sanitizePostHtml } from "../../../lib/sanitize";

/** Post HTML, sanitised again in the browser; images that fail to load are hidden (SPEC §8). */
export function PostContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const safe = useMemo(() => ({ __html: sanitizePostHtml(html) }), [html]);
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
