import { IMAGE_POSITIONS, IMAGE_SIZES, type ImagePosition, type ImageSize } from "../../../../common/limits";
import {
  insertedIds,
  pairImages,
  pairInText,
  removeImage,
  removeImageFromText,
  thumbnailAfterAdd,
  thumbnailAfterRemove,
  unpairImage,
  unpairInText,
} from "../../../../common/rules/markers";
import { type EditorImage, type EditorValue, imageFromFile } from "../editor-model";

interface Props {
  value: EditorValue;
  onChange: (next: EditorValue) => void;
  /** Insert the image's marker at the content's cursor. */
  onInsert: (image: EditorImage) => void;
  onMove: (image: EditorImage, direction: "up" | "down") => void;
}

/** SPEC §4 images: pick several, preview, thumbnail, position, size, insert, move, remove, pair. */
export function ImageManager({ value, onChange, onInsert, onMove }: Props) {
  const inserted = insertedIds(value.content);
  const update = (id: string, patch: Partial<EditorImage>) =>
    onChange({ ...value, images: value.images.map((i) => (i.id === id ? { ...i, ...patch } : i)) });

  const handleFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const images = [...value.images, ...Array.from(files).map(imageFromFile)];
    onChange({ ...value, images, thumbnailId: thumbnailAfterAdd(value.thumbnailId, images) });
  };

  const handleRemove = (image: EditorImage) => {
    if (!image.uploaded) URL.revokeObjectURL(image.previewUrl);
    const images = removeImage(value.images, image.id);
    onChange({
      ...value,
      images,
      content: removeImageFromText(value.content, image.id),
      thumbnailId: thumbnailAfterRemove(value.thumbnailId, image.id, images),
    });
  };

  const handlePair = (image: EditorImage, partnerId: string) => {
    if (partnerId === "") {
      onChange({
        ...value,
        images: unpairImage(value.images, image.id),
        content: unpairInText(value.content, image.id),
      });
      return;
    }
    onChange({
      ...value,
      images: pairImages(value.images, image.id, partnerId),
      content: pairInText(value.content, image.id, partnerId),
    });
  };

  return (
    <fieldset className="image-manager">
      <legend>Images</legend>
      <label className="field">
        <span>Add images</span>
        <input
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => {
            handleFiles(e.target.files);
            e.target.value = "";
          }}
        />
      </label>
      {value.images.length > 0 ? (
        <ol className="image-list">
          {value.images.map((image, index) => {
            const n = index + 1;
            const isInserted = inserted.includes(image.id);
            return (
              <li key={image.id} className="image-entry" data-image-id={image.id}>
                <img
                  className="image-entry-preview"
                  src={image.previewUrl}
                  alt={`Preview ${n}: ${image.name}`}
                />
                <div className="image-entry-controls">
                  <p className="image-entry-name">
                    Image {n}: {image.name}
                    {image.uploaded ? "" : " (not uploaded yet)"}
                  </p>
                  <label className="image-entry-thumb">
                    <input
                      type="radio"
                      name="thumbnail"
                      checked={value.thumbnailId === image.id}
                      onChange={() => onChange({ ...value, thumbnailId: image.id })}
                    />{" "}
                    Thumbnail
                  </label>
                  <label>
                    Position{" "}
                    <select
                      aria-label={`Position of image ${n}`}
                      value={image.position}
                      onChange={(e) => update(image.id, { position: e.target.value as ImagePosition })}
                    >
                      {IMAGE_POSITIONS.map((p) => (
                        <option key={p} value={p}>
                          {p}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Size{" "}
                    <select
                      aria-label={`Size of image ${n}`}
                      value={image.size}
                      onChange={(e) => update(image.id, { size: e.target.value as ImageSize })}
                    >
                      {IMAGE_SIZES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Pair with{" "}
                    <select
                      aria-label={`Pair image ${n} with`}
                      value={image.pairedWith ?? ""}
                      onChange={(e) => handlePair(image, e.target.value)}
                    >
                      <option value="">No pair</option>
                      {value.images.map((other, j) =>
                        other.id === image.id ? null : (
                          <option key={other.id} value={other.id}>
                            Image {j + 1}
                          </option>
                        ),
                      )}
                    </select>
                  </label>
                  <div className="image-entry-buttons">
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-label={`Insert image ${n} at cursor`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => onInsert(image)}
                    >
                      Insert at cursor
                    </button>
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-label={`Move image ${n} up`}
                      disabled={!isInserted}
                      onClick={() => onMove(image, "up")}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-label={`Move image ${n} down`}
                      disabled={!isInserted}
                      onClick={() => onMove(image, "down")}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-label={`Remove image ${n}`}
                      onClick={() => handleRemove(image)}
                    >
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </fieldset>
  );
}
