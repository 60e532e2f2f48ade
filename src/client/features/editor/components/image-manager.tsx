import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { insertedIds, markerFor } from "../../../../common/rules/markers";
import type { EditorImage, EditorValue } from "../editor-model";
import { imageActions } from "../image-actions";
import type { ContentHandle } from "./html-editor";
import { ImageEntry } from "./image-entry";

interface Props {
  value: EditorValue;
  onChange: Dispatch<SetStateAction<EditorValue>>;
  content: React.RefObject<ContentHandle | null>;
  onFiles: (files: File[]) => void;
  uploading: boolean;
  uploadFailed: boolean;
  /** Images the last upload stored (0 while none finished). */
  uploaded?: number;
  /** Beside the visual view an image in the text is set on its own toolbar. */
  compact?: boolean;
}

/** SPEC §4 images: add (they go in at the cursor), thumbnail, position, size, pair, move, remove. */
export function ImageManager({
  value,
  onChange,
  content,
  onFiles,
  uploading,
  uploadFailed,
  uploaded = 0,
  compact = false,
}: Props) {
  const inserted = insertedIds(value.content);
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // After a removal, focus goes to the entry that took its place, else the previous, else 'Add images'.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);

  useEffect(() => {
    if (focusAfterRemove === null) return;
    setFocusAfterRemove(null);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(".image-entry-remove") ?? [];
    const target = buttons[Math.min(focusAfterRemove, buttons.length - 1)];
    (target ?? fileInput.current)?.focus();
  }, [focusAfterRemove]);

  const act = imageActions(onChange);
  const handleRemove = (image: EditorImage, index: number) => {
    act.remove(image);
    setFocusAfterRemove(index);
  };

  const handleInsert = (image: EditorImage) => {
    const ids = image.pairedWith ? [image.id, image.pairedWith] : [image.id];
    content.current?.insertMarkers([markerFor(image, value.images)], ids);
  };

  return (
    <fieldset
      className="image-manager"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes("Files")) e.preventDefault();
      }}
      onDrop={(e) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      <legend>Images</legend>
      <label className="field">
        <span>Add images</span>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={hintId}
          onChange={(e) => {
            onFiles(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
        <small id={hintId} className="field-hint">
          They go in at the cursor; you can also drop images on the content.
        </small>
      </label>
      <p className="field-hint" role="status">
        {uploading
          ? "Uploading images..."
          : uploadFailed
            ? "An image could not be uploaded yet; it will be uploaded when you save."
            : uploaded > 0
              ? uploaded === 1
                ? "Image uploaded."
                : `${uploaded} images uploaded.`
              : ""}
      </p>
      {value.images.length > 0 ? (
        <ol className="image-list" ref={list}>
          {value.images.map((image, index) => (
            <ImageEntry
              key={image.id}
              image={image}
              n={index + 1}
              others={value.images.flatMap((o, j) => (o.id === image.id ? [] : [{ id: o.id, n: j + 1 }]))}
              isThumbnail={value.thumbnailId === image.id}
              isInserted={inserted.includes(image.id)}
              compact={compact && inserted.includes(image.id)}
              onPatch={(patch) => act.patch(image.id, patch)}
              onThumbnail={() => act.thumbnail(image.id)}
              onPair={(partnerId) => act.pair(image.id, partnerId)}
              onInsert={() => handleInsert(image)}
              onMove={(direction) => act.move(image.id, direction)}
              onRemove={() => handleRemove(image, index)}
            />
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}
