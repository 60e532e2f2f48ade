/**
 * SPEC §4 image markers and the pure rules of the editor's image list.
 *
 * Marker syntax (what the author sees in the content text area):
 *   a single image   [IMAGE:{id}]
 *   a pair           [PAIRED:{idA}:{idB}]
 * Ids are 1–64 letters, digits, '_' or '-'. On save, markersToHtml turns markers into the HTML of
 * the post-content contract; on loading an edit, htmlToMarkers turns that HTML back, so
 * markers → HTML → markers gives the same text.
 */
import type { PostImage } from "../types";

export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ID = "[A-Za-z0-9_-]{1,64}";
const MARKER_SOURCE = `\\[IMAGE:(${ID})\\]|\\[PAIRED:(${ID}):(${ID})\\]`;
const markerRe = () => new RegExp(MARKER_SOURCE, "g");

export const imageMarker = (id: string) => `[IMAGE:${id}]`;
export const pairMarker = (a: string, b: string) => `[PAIRED:${a}:${b}]`;

/** What the rules need of an image entry: the stored entry (the editor's entries carry more: file, preview…). */
export type MarkerImage = PostImage;

export interface FoundMarker {
  text: string;
  ids: string[];
  start: number;
  end: number;
}

export function findMarkers(text: string): FoundMarker[] {
  const out: FoundMarker[] = [];
  for (const m of text.matchAll(markerRe())) {
    const ids = m[1] ? [m[1]] : [m[2]!, m[3]!];
    out.push({ text: m[0], ids, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Ids that appear in a marker of the text, in order. */
export const insertedIds = (text: string): string[] => findMarkers(text).flatMap((m) => m.ids);

/** The marker an image is inserted with: its pair marker when paired with an image of the list. */
export function markerFor(
  image: Pick<MarkerImage, "id" | "pairedWith">,
  images: readonly MarkerImage[],
): string {
  const partner = image.pairedWith ? images.find((i) => i.id === image.pairedWith) : undefined;
  return partner ? pairMarker(image.id, partner.id) : imageMarker(image.id);
}

/** Insert a marker at the cursor, on a line of its own; returns the text and the cursor after it. */
export function insertAtCursor(
  text: string,
  cursor: number,
  marker: string,
): { text: string; cursor: number } {
  const at = Math.max(0, Math.min(cursor, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before.length === 0 || before.endsWith("\n") ? "" : "\n";
  const trail = after.length === 0 || after.startsWith("\n") ? "" : "\n";
  const inserted = `${lead}${marker}${trail}`;
  return { text: before + inserted + after, cursor: at + lead.length + marker.length };
}

/** Swap the marker holding `id` with the previous (up) or next (down) marker; unchanged at an end. */
export function moveMarker(text: string, id: string, direction: "up" | "down"): string {
  const markers = findMarkers(text);
  const i = markers.findIndex((m) => m.ids.includes(id));
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= markers.length) return text;
  const [first, second] = i < j ? [markers[i]!, markers[j]!] : [markers[j]!, markers[i]!];
  return (
    text.slice(0, first.start) +
    second.text +
    text.slice(first.end, second.start) +
    first.text +
    text.slice(second.end)
  );
}

/** Rewrite every marker; `replace` returns the new marker text ('' removes it and its line break). */
function rewriteMarkers(text: string, replace: (ids: string[], original: string) => string): string {
  let out = "";
  let last = 0;
  for (const m of findMarkers(text)) {
    const next = replace(m.ids, m.text);
    out += text.slice(last, m.start);
    last = m.end;
    if (next === "" && (out.endsWith("\n") || out === "") && text[last] === "\n") last++;
    out += next;
  }
  return out + text.slice(last);
}

/** Remove an image: its markers go (a pair it was in becomes the partner's single marker). */
export function removeImageFromText(text: string, id: string): string {
  return rewriteMarkers(text, (ids, original) => {
    if (!ids.includes(id)) return original;
    const rest = ids.filter((x) => x !== id);
    return rest[0] ? imageMarker(rest[0]) : "";
  });
}

export function removeImage<T extends MarkerImage>(images: readonly T[], id: string): T[] {
  return images.filter((i) => i.id !== id).map((i) => (i.pairedWith === id ? { ...i, pairedWith: null } : i));
}

/** SPEC §4: pairing is symmetric; pairing A with B clears any other pairing of either. */
export function pairImages<T extends MarkerImage>(images: readonly T[], a: string, b: string): T[] {
  if (a === b || !images.some((i) => i.id === a) || !images.some((i) => i.id === b)) return [...images];
  return images.map((i) => {
    if (i.id === a) return { ...i, pairedWith: b };
    if (i.id === b) return { ...i, pairedWith: a };
    if (i.pairedWith === a || i.pairedWith === b) return { ...i, pairedWith: null };
    return i;
  });
}

export function unpairImage<T extends MarkerImage>(images: readonly T[], id: string): T[] {
  return images.map((i) => (i.id === id || i.pairedWith === id ? { ...i, pairedWith: null } : i));
}

/**
 * Keep the text in step with a new pairing: the first marker holding A or B becomes the pair
 * marker, other markers of A or B go, and a pair either used to be in leaves its old partner
 * as a single marker.
 */
export function pairInText(text: string, a: string, b: string): string {
  let placed = false;
  return rewriteMarkers(text, (ids, original) => {
    if (!ids.includes(a) && !ids.includes(b)) return original;
    const others = ids.filter((x) => x !== a && x !== b);
    const parts: string[] = [];
    if (!placed) {
      placed = true;
      parts.push(pairMarker(a, b));
    }
    for (const o of others) parts.push(imageMarker(o));
    return parts.join("\n");
  });
}

/** Undo a pair in the text: [PAIRED:a:b] becomes two single markers. */
export function unpairInText(text: string, id: string): string {
  return rewriteMarkers(text, (ids, original) =>
    ids.length === 2 && ids.includes(id) ? ids.map(imageMarker).join("\n") : original,
  );
}

// ---- Thumbnail (SPEC §4).

/** The first added image is the thumbnail by default. */
export const thumbnailAfterAdd = (
  current: string | null,
  images: readonly { id: string }[],
): string | null => (current && images.some((i) => i.id === current) ? current : (images[0]?.id ?? null));

/** Removing the thumbnail picks the first remaining image. */
export const thumbnailAfterRemove = (
  current: string | null,
  removedId: string,
  remaining: readonly { id: string }[],
): string | null => (current === removedId || current === null ? (remaining[0]?.id ?? null) : current);

/** On save: the chosen one, else the first image, else none. Returns the thumbnail URL. */
export function thumbnailOnSave(chosenId: string | null, images: readonly { id: string; url: string }[]) {
  const chosen = chosenId ? images.find((i) => i.id === chosenId) : undefined;
  return (chosen ?? images[0])?.url ?? null;
}

// ---- Markers ⇄ HTML (the post-content contract).

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
  return text.replace(markerRe(), (whole, single?: string, a?: string, b?: string) => {
    if (single) {
      const image = byId.get(single);
      return image ? tag(image, false) : whole;
    }
    const first = byId.get(a!);
    const second = byId.get(b!);
    if (!first || !second) return whole;
    return `<div class="image-pair" data-pair="${a} ${b}">${tag(first, true)}${tag(second, true)}</div>`;
  });
}

const PAIR_BLOCK = new RegExp(`<div\\b[^>]*\\bdata-pair="(${ID}) (${ID})"[^>]*>[\\s\\S]*?</div>`, "g");
const IMAGE_TAG = new RegExp(`<img\\b[^>]*\\bdata-image-id="(${ID})"[^>]*>`, "g");
const FIGURE = new RegExp(
  `<figure\\b[^>]*>\\s*<img\\b[^>]*\\bdata-image-id="(${ID})"[^>]*>[\\s\\S]*?</figure>`,
  "g",
);

/**
 * On loading an edit, saved image tags (and pair blocks) turn back into markers. With `known`
 * (the post's image ids), an image that is not one of them stays HTML: a marker of an unknown id
 * would be saved as text and the image lost (issue 20).
 */
export function htmlToMarkers(html: string, known?: ReadonlySet<string>): string {
  const ok = (...ids: string[]) => !known || ids.every((id) => known.has(id));
  return html
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
