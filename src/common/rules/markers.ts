/**
 * SPEC §4 image markers and the pure rules of the editor's image list.
 *
 * Marker syntax (what the author sees in the content text area):
 *   a single image   [IMAGE:{id}]
 *   a pair           [PAIRED:{idA}:{idB}]
 *   a gallery        [GALLERY:{idA}:{idB}:{idC}…] (3 to 12 images in one row)
 * Ids are 1–64 letters, digits, '_' or '-'. On save, markersToHtml (marker-html.ts) turns markers into the HTML of
 * the post-content contract; on loading an edit, htmlToMarkers turns that HTML back, so
 * markers → HTML → markers gives the same text.
 */
import type { PostImage } from "../types";

export { ID, IMAGE_ID_PATTERN, markerRe } from "./marker-pattern";

import { markerRe } from "./marker-pattern";

export const imageMarker = (id: string) => `[IMAGE:${id}]`;
export const pairMarker = (a: string, b: string) => `[PAIRED:${a}:${b}]`;
export const galleryMarker = (ids: readonly string[]) => `[GALLERY:${ids.join(":")}]`;

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
    const ids = m[1] ? [m[1]] : m[4] ? m[4].split(":") : [m[2]!, m[3]!];
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
    // A gallery keeps its row while it has 3 images; fewer fall apart into single images.
    return rest.length >= 3 ? galleryMarker(rest) : rest.map(imageMarker).join("\n");
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
 * as a single marker. The pair keeps the order the two images had in the text, whichever
 * image's toolbar asked for it (one not in the text yet comes second).
 */
export function pairInText(text: string, a: string, b: string): string {
  const order = insertedIds(text);
  const at = (id: string) => (order.includes(id) ? order.indexOf(id) : Number.POSITIVE_INFINITY);
  const [first, second] = at(b) < at(a) ? [b, a] : [a, b];
  let placed = false;
  return rewriteMarkers(text, (ids, original) => {
    if (!ids.includes(a) && !ids.includes(b)) return original;
    const others = ids.filter((x) => x !== a && x !== b);
    const parts: string[] = [];
    if (!placed) {
      placed = true;
      parts.push(pairMarker(first, second));
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

/**
 * The one thumbnail rule: the current one while it is still one of the images, else the first image, else
 * none. The editor keeps it by image id, the server by URL.
 */
export const thumbnailKept = <K extends "id" | "url">(
  current: string | null,
  images: readonly Record<K, string>[],
  key: K,
): string | null =>
  current && images.some((i) => i[key] === current) ? current : (images[0]?.[key] ?? null);

/** The first added image is the thumbnail by default. */
export const thumbnailAfterAdd = (current: string | null, images: readonly { id: string }[]): string | null =>
  thumbnailKept(current, images, "id");

/** Removing the thumbnail picks the first remaining image. */
export const thumbnailAfterRemove = (
  current: string | null,
  removedId: string,
  remaining: readonly { id: string }[],
): string | null => (current === removedId || current === null ? (remaining[0]?.id ?? null) : current);

/** On save (by URL): the chosen one, else the first image, else none. */
export const thumbnailUrl = (chosenUrl: string | null | undefined, images: readonly { url: string }[]) =>
  chosenUrl ?? images[0]?.url ?? null;

/** On save: the chosen one, else the first image, else none. Returns the thumbnail URL. */
export function thumbnailOnSave(chosenId: string | null, images: readonly { id: string; url: string }[]) {
  const chosen = chosenId ? images.find((i) => i.id === chosenId) : undefined;
  return thumbnailUrl(chosen?.url, images);
}

/** An edit that chooses no thumbnail keeps the current one while it is an image; none stays none unless the images changed. */
export const thumbnailUrlAfterEdit = (
  current: string | null,
  images: readonly { url: string }[],
  imagesChanged: boolean,
): string | null => (current === null && !imagesChanged ? null : thumbnailKept(current, images, "url"));

// ---- Markers ⇄ HTML (the post-content contract).

// Markers ↔ HTML (on save and on loading an edit) live in marker-html.ts.
