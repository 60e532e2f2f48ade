import { type Dispatch, type SetStateAction, useEffect, useRef } from "react";
import type * as Y from "yjs";
import { PostImageSchema } from "../../../../common/schemas/post";
import type { PostImage } from "../../../../common/types";
import type { EditorImage, EditorValue } from "../editor-model";

/** The shared document's map of the stored images (id → settings): the content's markers name them. */
export const IMAGES_FIELD = "images";

/** What is shared of an image: what the save stores, once it is uploaded (a picked file stays in its tab). */
const sharedOf = (i: EditorImage): PostImage => ({
  id: i.id,
  url: i.url,
  position: i.position,
  size: i.size,
  pairedWith: i.pairedWith,
  ...(i.alt != null ? { alt: i.alt } : {}),
  ...(i.caption ? { caption: i.caption } : {}),
  ...(i.width && i.height ? { width: i.width, height: i.height } : {}),
});

const editorImageOf = (i: PostImage, was?: EditorImage): EditorImage => ({
  ...(was ?? { insertPosition: null, name: i.url.split("/").pop()?.replace(/^\d+_/, "") ?? i.id }),
  alt: null,
  caption: "",
  ...i,
  file: null,
  previewUrl: i.url,
  uploaded: true,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The uploaded images of a list, by id. */
const uploadedOf = (images: readonly EditorImage[]) =>
  new Map(images.filter((i) => i.uploaded && i.url).map((i) => [i.id, sharedOf(i)]));

/**
 * Writing together, the image list travels with the words: an image one author uploads (or
 * changes, or removes) reaches the partner's list, so a marker never names an image the
 * partner's save does not know (which would drop it). A partner's entry is outside data: one
 * that is not a valid image is ignored.
 */
export function useSharedImages(
  doc: Y.Doc | null,
  images: readonly EditorImage[],
  setValue: Dispatch<SetStateAction<EditorValue>>,
) {
  const sent = useRef(new Map<string, PostImage>());

  // Ours to the map: what changed since the last look (and, at the start, what the map lacks).
  useEffect(() => {
    if (!doc) return;
    const map = doc.getMap<PostImage>(IMAGES_FIELD);
    const now = uploadedOf(images);
    doc.transact(() => {
      for (const [id, image] of now) if (!same(map.get(id), image)) map.set(id, image);
      for (const id of sent.current.keys()) if (!now.has(id) && map.has(id)) map.delete(id);
    });
    sent.current = now;
  }, [doc, images]);

  // The partner's to our list.
  useEffect(() => {
    if (!doc) return;
    const map = doc.getMap<PostImage>(IMAGES_FIELD);
    const apply = (keys: Iterable<string>) =>
      setValue((v) => {
        let list = v.images;
        for (const id of keys) {
          const parsed = map.has(id) ? PostImageSchema.safeParse(map.get(id)) : null;
          if (parsed && !parsed.success) continue;
          const at = list.findIndex((i) => i.id === id);
          if (!parsed) {
            if (at >= 0) list = list.filter((i) => i.id !== id);
          } else if (at < 0) list = [...list, editorImageOf(parsed.data as PostImage)];
          else if (!same(sharedOf(list[at]!), parsed.data))
            list = list.map((i, n) => (n === at ? editorImageOf(parsed.data as PostImage, i) : i));
        }
        return list === v.images ? v : { ...v, images: list };
      });
    const observe = (event: Y.YMapEvent<PostImage>) => {
      if (!event.transaction.local) apply(event.keysChanged);
    };
    // What the room already held when this tab joined.
    apply(map.keys());
    map.observe(observe);
    return () => map.unobserve(observe);
  }, [doc, setValue]);
}
