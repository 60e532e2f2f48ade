import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { enhancePostImages } from "../../../../common/rules/image-sources";
import type { PostImage } from "../../../../common/types";
import {
  loadBrowserSanitizer,
  loadedBrowserSanitizer,
  type Sanitizer,
  serverSanitizePostHtml,
} from "../../../lib/sanitize";
import { playEmbed } from "./play-embed";

/** Names one version of a post's HTML (FNV-1a): the server's rendering of it can be found again. */
function versionOf(html: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < html.length; i++) h = Math.imul(h ^ html.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * The markup the server rendered for this version of the HTML, when the page was hydrated from it:
 * the server sanitised it (sanitize-html, the shared allowlist), so it is used as it is.
 */
function serverRendered(version: string): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector(`.post-content[data-html-version="${version}"]`)?.innerHTML ?? null;
}

/**
 * Post HTML, sanitised a second time, its images given their sizes, srcset and loading (the
 * server's rendering is hydrated as it is; in the browser DOMPurify renders any other version);
 * images that fail to load are hidden (SPEC §8).
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
  const version = versionOf(html);
  const [hydrated] = useState(() => ({ version, markup: serverRendered(version) }));
  const [sanitize, setSanitize] = useState<Sanitizer | null>(() =>
    typeof window === "undefined" ? serverSanitizePostHtml : loadedBrowserSanitizer(),
  );
  const fromServer = hydrated.version === version ? hydrated.markup : null;
  const safe = useMemo(() => {
    if (fromServer !== null) return { __html: fromServer };
    // Empty for the moment DOMPurify takes to arrive (a post opened inside the app).
    if (!sanitize) return { __html: "" };
    return { __html: enhancePostImages(sanitize(html), images, { priorityFirst }) };
  }, [fromServer, sanitize, html, images, priorityFirst]);

  useEffect(() => {
    if (fromServer !== null || sanitize) return;
    let live = true;
    loadBrowserSanitizer().then(
      (loaded) => live && setSanitize(() => loaded),
      () => {}, // The content stays empty; the next render of a post tries again.
    );
    return () => {
      live = false;
    };
  }, [fromServer, sanitize]);

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
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegated clicks of the embeds' links, which Enter activates too.
    <div
      ref={ref}
      className="post-content"
      data-html-version={version}
      onClick={playEmbed}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering, or sanitised just above.
      dangerouslySetInnerHTML={safe}
    />
  );
}
