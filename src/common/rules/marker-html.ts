import type { PostImage } from "../types";
import { galleryMarker, ID, imageMarker, markerRe, pairMarker } from "./markers";

type MarkerImage = PostImage;

// SPEC §4: on save, markers become image tags or a pair block; on loading an edit, they come back.

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Height a pair's images are scaled to in their width/height: equal heights, each its own ratio. */
const PAIR_ROW_HEIGHT = 1000;

export function imageTag(image: MarkerImage, alt: string, src = image.url, inPair = false): string {
  const cls = `post-image post-image--${image.position} post-image--${image.size}`;
  let size = "";
  if (image.width && image.height) {
    // In a pair both images get the same height, so the row (flex, shrinking by width) keeps each ratio.
    const w = inPair ? Math.round((image.width / image.height) * PAIR_ROW_HEIGHT) : image.width;
    const h = inPair ? PAIR_ROW_HEIGHT : image.height;
    size = ` width="${w}" height="${h}"`;
  }
  return `<img class="${cls}" src="${escapeAttr(src)}" alt="${escapeAttr(alt)}"${size} data-image-id="${image.id}">`;
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An image with a caption is a figure; the figure carries the placement classes. */
function figureOrImage(image: MarkerImage, alt: string, src: string, inPair: boolean): string {
  const tag = imageTag(image, alt, src, inPair);
  const caption = image.caption?.trim();
  if (!caption) return tag;
  const cls = `post-figure post-image--${image.position} post-image--${image.size}`;
  return `<figure class="${cls}">${tag}<figcaption>${escapeText(caption)}</figcaption></figure>`;
}

export interface ToHtmlOptions {
  /** Alt text of an image without its own (default: empty). */
  alt?: (image: MarkerImage) => string;
  /** The src to use (default: the image's url); the preview passes local object URLs. */
  src?: (image: MarkerImage) => string;
}

/** On save, markers become image tags, or a pair block of two images. Unknown ids stay as text. */
export function markersToHtml(
  text: string,
  images: readonly MarkerImage[],
  options: ToHtmlOptions = {},
): string {
  const byId = new Map(images.map((i) => [i.id, i]));
  const tag = (i: MarkerImage, inPair: boolean) =>
    figureOrImage(i, i.alt ?? options.alt?.(i) ?? "", options.src?.(i) ?? i.url, inPair);
  return text.replace(markerRe(), (whole, single?: string, a?: string, b?: string, gallery?: string) => {
    if (single) {
      const image = byId.get(single);
      return image ? tag(image, false) : whole;
    }
    if (gallery) {
      const ids = gallery.split(":");
      const found = ids.map((id) => byId.get(id));
      if (found.some((i) => !i)) return whole;
      const tags = found.map((i) => tag(i!, true)).join("");
      return `<div class="image-gallery" data-gallery="${ids.join(" ")}">${tags}</div>`;
    }
    const first = byId.get(a!);
    const second = byId.get(b!);
    if (!first || !second) return whole;
    return `<div class="image-pair" data-pair="${a} ${b}">${tag(first, true)}${tag(second, true)}</div>`;
  });
}

const PAIR_BLOCK = new RegExp(`<div\\b[^>]*\\bdata-pair="(${ID}) (${ID})"[^>]*>[\\s\\S]*?</div>`, "g");
const GALLERY_BLOCK = new RegExp(
  `<div\\b[^>]*\\bdata-gallery="((?:${ID} ){2,11}${ID})"[^>]*>[\\s\\S]*?</div>`,
  "g",
);
const IMAGE_TAG = new RegExp(`<img\\b[^>]*\\bdata-image-id="(${ID})"[^>]*>`, "g");
const FIGURE = new RegExp(
  `<figure\\b[^>]*>\\s*<img\\b[^>]*\\bdata-image-id="(${ID})"[^>]*>[\\s\\S]*?</figure>`,
  "g",
);

/**
 * On loading an edit, saved image tags (and pair blocks) turn back into markers. With `known`
 * (the post's image ids), an image that is not one of them stays HTML: a marker of an unknown id
 * would be saved as text and the image lost.
 */
export function htmlToMarkers(html: string, known?: ReadonlySet<string>): string {
  const ok = (...ids: string[]) => !known || ids.every((id) => known.has(id));
  return html
    .replace(GALLERY_BLOCK, (whole, ids: string) =>
      ok(...ids.split(" ")) ? galleryMarker(ids.split(" ")) : whole,
    )
    .replace(PAIR_BLOCK, (whole, a: string, b: string) => (ok(a, b) ? pairMarker(a, b) : whole))
    .replace(FIGURE, (whole, id: string) => (ok(id) ? imageMarker(id) : whole))
    .replace(IMAGE_TAG, (whole, id: string) => (ok(id) ? imageMarker(id) : whole));
}

const decodeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The alt text each image of the saved HTML carries, by image id (the first tag of each id). */
export function savedAlts(html: string): Map<string, string> {
  const alts = new Map<string, string>();
  for (const m of html.matchAll(IMAGE_TAG)) {
    const alt = /\salt="([^"]*)"/.exec(m[0])?.[1];
    if (alt !== undefined && !alts.has(m[1]!)) alts.set(m[1]!, decodeAttr(alt));
  }
  return alts;
}
