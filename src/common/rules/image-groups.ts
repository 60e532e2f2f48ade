/**
 * Rows of images in the text: the image toolbar's 'Join with next' and 'Split'. Two
 * single images make a SPEC §4 pair (paired both ways in the list); a pair or gallery joined with
 * more images makes a gallery (a row of 3 to 12, known only from its marker, so its images are
 * unpaired in the list). Splitting a row leaves each image on its own.
 */
import { GALLERY_MAX_IMAGES } from "../limits";
import {
  findMarkers,
  galleryMarker,
  imageMarker,
  type MarkerImage,
  pairImages,
  pairMarker,
  unpairImage,
} from "./markers";

interface Value<T extends MarkerImage> {
  content: string;
  images: T[];
}

const unpairAll = <T extends MarkerImage>(images: T[], ids: readonly string[]) =>
  ids.reduce((list, id) => unpairImage(list, id), images);

/** Join the row holding `id` with the next image block of the text; unchanged when there is none. */
export function joinWithNext<T extends MarkerImage>(value: Value<T>, id: string): Value<T> {
  const markers = findMarkers(value.content);
  const i = markers.findIndex((m) => m.ids.includes(id));
  const here = markers[i];
  const next = markers[i + 1];
  if (!here || !next) return value;
  const ids = [...here.ids, ...next.ids];
  if (ids.length > GALLERY_MAX_IMAGES) return value;
  const [a, b] = ids as [string, string];
  const marker = ids.length === 2 ? pairMarker(a, b) : galleryMarker(ids);
  const text = value.content;
  const between = text.slice(here.end, next.start);
  const content =
    text.slice(0, here.start) +
    marker +
    (between.trim() === "" ? "" : between.trimEnd()) +
    text.slice(next.end);
  const images = ids.length === 2 ? pairImages(value.images, a, b) : unpairAll(value.images, ids);
  return { content, images };
}

/** Split the row holding `id` into single images, each a block of its own. */
export function splitRow<T extends MarkerImage>(value: Value<T>, id: string): Value<T> {
  const found = findMarkers(value.content).find((m) => m.ids.includes(id));
  if (!found || found.ids.length < 2) return value;
  const content =
    value.content.slice(0, found.start) +
    found.ids.map(imageMarker).join("\n\n") +
    value.content.slice(found.end);
  return { content, images: unpairAll(value.images, found.ids) };
}
