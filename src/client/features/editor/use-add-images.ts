import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from "react";
import { markerFor, thumbnailAfterAdd } from "../../../common/rules/markers";
import { uploadImages } from "./api/upload-images";
import type { ContentHandle } from "./components/html-editor";
import { type EditorValue, imageFromFile } from "./editor-model";

/**
 * Images live in the text: a picked or dropped image appears at the cursor at once
 * (its local preview) and is uploaded straight away; a failed upload is tried again on save.
 */
export function useAddImages(
  onChange: Dispatch<SetStateAction<EditorValue>>,
  content: RefObject<ContentHandle | null>,
) {
  const [uploading, setUploading] = useState(0);
  const [failed, setFailed] = useState(false);
  /** How many images the last upload stored: announced when it finishes. */
  const [uploaded, setUploaded] = useState(0);

  const addFiles = useCallback(
    (files: File[]) => {
      const picked = files.filter((f) => f.type.startsWith("image/"));
      if (picked.length === 0) return;
      const added = picked.map(imageFromFile);
      onChange((v) => {
        const images = [...v.images, ...added];
        return { ...v, images, thumbnailId: thumbnailAfterAdd(v.thumbnailId, images) };
      });
      content.current?.insertMarkers(
        added.map((image) => markerFor(image, added)),
        added.map((image) => image.id),
      );
      setFailed(false);
      setUploaded(0);
      setUploading((n) => n + 1);
      uploadImages(picked)
        .then((stored) => {
          setUploaded(stored.length);
          const byId = new Map(added.map((image, n) => [image.id, stored[n]]));
          onChange((v) => ({
            ...v,
            images: v.images.map((i) => {
              const s = byId.get(i.id);
              if (!s || i.uploaded) return i;
              URL.revokeObjectURL(i.previewUrl);
              return {
                ...i,
                url: s.url,
                previewUrl: s.url,
                uploaded: true,
                file: null,
                width: s.width,
                height: s.height,
              };
            }),
          }));
        })
        .catch(() => setFailed(true))
        .finally(() => setUploading((n) => n - 1));
    },
    [onChange, content],
  );

  return { addFiles, uploading: uploading > 0, failed, uploaded };
}

/**
 * The content and its images wired together (the post editor and the pages manager): the text's
 * handle, adding files, and the props the content field and the image list share.
 */
export function useContentImages(value: EditorValue, onChange: Dispatch<SetStateAction<EditorValue>>) {
  const content = useRef<ContentHandle>(null);
  const { addFiles, uploading, failed, uploaded } = useAddImages(onChange, content);
  return {
    content,
    contentField: { ref: content, content: value.content, images: value.images, onChange, onFiles: addFiles },
    imageManager: {
      value,
      onChange,
      content,
      onFiles: addFiles,
      uploading,
      uploadFailed: failed,
      uploaded,
    },
  };
}
