import type { Dispatch, SetStateAction } from "react";
import { joinWithNext, splitRow } from "../../../common/rules/image-groups";
import {
  moveMarker,
  pairImages,
  pairInText,
  removeImage,
  removeImageFromText,
  thumbnailAfterRemove,
  unpairImage,
  unpairInText,
} from "../../../common/rules/markers";
import type { EditorImage, EditorValue } from "./editor-model";

/**
 * What can be done to one image (SPEC §4, and the rows of images), as changes of the editor's value:
 * the image toolbar in the text and the Images panel call the same ones.
 */
export interface ImageActions {
  patch(id: string, patch: Partial<EditorImage>): void;
  thumbnail(id: string): void;
  /** '' unpairs. */
  pair(id: string, partnerId: string): void;
  move(id: string, direction: "up" | "down"): void;
  remove(image: EditorImage): void;
  joinNext(id: string): void;
  split(id: string): void;
}

export function imageActions(onChange: Dispatch<SetStateAction<EditorValue>>): ImageActions {
  return {
    patch: (id, patch) =>
      onChange((v) => ({ ...v, images: v.images.map((i) => (i.id === id ? { ...i, ...patch } : i)) })),
    thumbnail: (id) => onChange((v) => ({ ...v, thumbnailId: id })),
    pair: (id, partnerId) =>
      onChange((v) =>
        partnerId === ""
          ? { ...v, images: unpairImage(v.images, id), content: unpairInText(v.content, id) }
          : {
              ...v,
              images: pairImages(v.images, id, partnerId),
              content: pairInText(v.content, id, partnerId),
            },
      ),
    move: (id, direction) => onChange((v) => ({ ...v, content: moveMarker(v.content, id, direction) })),
    remove: (image) => {
      if (!image.uploaded) URL.revokeObjectURL(image.previewUrl);
      onChange((v) => {
        const images = removeImage(v.images, image.id);
        return {
          ...v,
          images,
          content: removeImageFromText(v.content, image.id),
          thumbnailId: thumbnailAfterRemove(v.thumbnailId, image.id, images),
        };
      });
    },
    joinNext: (id) => onChange((v) => ({ ...v, ...joinWithNext(v, id) })),
    split: (id) => onChange((v) => ({ ...v, ...splitRow(v, id) })),
  };
}
