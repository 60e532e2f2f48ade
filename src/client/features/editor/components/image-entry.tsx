import type { EditorImage } from "../editor-model";
import { ImagePlacement } from "./image-placement";

interface Props {
  image: EditorImage;
  /** 1-based number shown to the author. */
  n: number;
  others: Array<{ id: string; n: number }>;
  isThumbnail: boolean;
  isInserted: boolean;
  /** Set on the image's toolbar in the text: here only its thumbnail, insert and remove. */
  compact?: boolean;
  onPatch: (patch: Partial<EditorImage>) => void;
  onThumbnail: () => void;
  onPair: (partnerId: string) => void;
  onInsert: () => void;
  onMove: (direction: "up" | "down") => void;
  onRemove: () => void;
}

/**
 * One image's settings. Every control's name starts with its visible text and ends with the
 * image it acts on ('Insert at cursor (image 2)'), so speech input and screen readers agree.
 */
export function ImageEntry(props: Props) {
  const { image, n, others, isThumbnail, isInserted, onPatch } = props;
  const of = `(image ${n})`;
  const decorative = image.alt === "";
  return (
    <li className="image-entry" data-image-id={image.id}>
      <img className="image-entry-preview" src={image.previewUrl} alt={`Preview ${n}: ${image.name}`} />
      <div className="image-entry-controls">
        <p className="image-entry-name">
          Image {n}: {image.name}
          {image.uploaded ? "" : " (not uploaded yet)"}
        </p>
        <label className="image-entry-thumb">
          <input
            type="radio"
            name="thumbnail"
            aria-label={`Thumbnail (image ${n}: ${image.name})`}
            checked={isThumbnail}
            onChange={props.onThumbnail}
          />{" "}
          Thumbnail
        </label>
        {props.compact ? (
          <p className="field-hint">
            Select the image in the text to set its position, size, pair, caption and alt text.
          </p>
        ) : (
          <>
            <ImagePlacement image={image} of={of} onPatch={onPatch} />
            <label>
              Pair with{" "}
              <select
                className="input"
                aria-label={`Pair with ${of}`}
                value={image.pairedWith ?? ""}
                onChange={(e) => props.onPair(e.target.value)}
              >
                <option value="">No pair</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    Image {other.n}
                  </option>
                ))}
              </select>
            </label>
            <label className="image-entry-text">
              Alt text{" "}
              <input
                className="input"
                type="text"
                aria-label={`Alt text ${of}`}
                value={decorative ? "" : (image.alt ?? "")}
                disabled={decorative}
                maxLength={500}
                placeholder="What the image shows"
                onChange={(e) => onPatch({ alt: e.target.value === "" ? null : e.target.value })}
              />
            </label>
            <label>
              <input
                type="checkbox"
                aria-label={`Decorative ${of}`}
                checked={decorative}
                onChange={(e) => onPatch({ alt: e.target.checked ? "" : null })}
              />{" "}
              Decorative
            </label>
            <label className="image-entry-text">
              Caption{" "}
              <input
                className="input"
                type="text"
                aria-label={`Caption ${of}`}
                value={image.caption ?? ""}
                maxLength={300}
                placeholder="Optional"
                onChange={(e) => onPatch({ caption: e.target.value })}
              />
            </label>
          </>
        )}
        <div className="image-entry-buttons">
          <button
            type="button"
            className="button button-ghost"
            aria-label={`Insert at cursor ${of}`}
            onClick={props.onInsert}
          >
            Insert at cursor
          </button>
          {props.compact ? null : (
            <>
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Move up ${of}`}
                disabled={!isInserted}
                onClick={() => props.onMove("up")}
              >
                Move up
              </button>
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Move down ${of}`}
                disabled={!isInserted}
                onClick={() => props.onMove("down")}
              >
                Move down
              </button>
            </>
          )}
          <button
            type="button"
            className="button button-ghost image-entry-remove"
            aria-label={`Remove ${of}`}
            onClick={props.onRemove}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
