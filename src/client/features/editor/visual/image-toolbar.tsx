import { ImagePlacement } from "../components/image-placement";
import type { EditorImage } from "../editor-model";
import type { ImageActions } from "../image-actions";

export interface ImageTools {
  images: readonly EditorImage[];
  thumbnailId: string | null;
  act: ImageActions;
}

interface Props {
  image: EditorImage;
  /** The ids of the row (pair or gallery) the image is in; itself alone when single. */
  row: readonly string[];
  tools: ImageTools;
  /** Choose which image of the row the toolbar sets. */
  onChoose: (id: string) => void;
}

/**
 * The image's settings, on the image in the text: SPEC §4's position, size, pair,
 * alt/decorative, caption, thumbnail, move and remove, plus 'wide' and rows of 3 or more.
 */
export function ImageToolbar({ image, row, tools, onChoose }: Props) {
  const { act, images } = tools;
  const n = images.findIndex((i) => i.id === image.id) + 1;
  const decorative = image.alt === "";
  const others = images.filter((i) => i.id !== image.id);
  return (
    <fieldset className="image-toolbar" aria-label={`Image ${n}: ${image.name}`}>
      <legend className="visually-hidden">
        Image {n}: {image.name}
      </legend>
      {row.length > 1 ? (
        <div className="image-toolbar-row">
          {row.map((id) => (
            <button
              key={id}
              type="button"
              className="button button-ghost"
              aria-pressed={id === image.id}
              onClick={() => onChoose(id)}
            >
              Settings of image {images.findIndex((i) => i.id === id) + 1}
            </button>
          ))}
        </div>
      ) : null}
      <div className="image-toolbar-row">
        <ImagePlacement image={image} onPatch={(patch) => act.patch(image.id, patch)} />
        <label>
          Pair with{" "}
          <select
            className="input"
            value={image.pairedWith ?? ""}
            onChange={(e) => act.pair(image.id, e.target.value)}
          >
            <option value="">No pair</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                Image {images.indexOf(o) + 1}: {o.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-ghost" onClick={() => act.joinNext(image.id)}>
          Join with next
        </button>
        {row.length > 1 ? (
          <button type="button" className="button button-ghost" onClick={() => act.split(image.id)}>
            Split row
          </button>
        ) : null}
      </div>
      <div className="image-toolbar-row">
        <label className="image-toolbar-text">
          Caption{" "}
          <input
            className="input"
            type="text"
            value={image.caption ?? ""}
            maxLength={300}
            placeholder="Optional"
            onChange={(e) => act.patch(image.id, { caption: e.target.value })}
          />
        </label>
        <label className="image-toolbar-text">
          Alt text{" "}
          <input
            className="input"
            type="text"
            value={decorative ? "" : (image.alt ?? "")}
            disabled={decorative}
            maxLength={500}
            placeholder="What the image shows"
            onChange={(e) => act.patch(image.id, { alt: e.target.value === "" ? null : e.target.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={decorative}
            onChange={(e) => act.patch(image.id, { alt: e.target.checked ? "" : null })}
          />{" "}
          Decorative
        </label>
      </div>
      <div className="image-toolbar-row">
        <button
          type="button"
          className="button button-ghost"
          aria-pressed={tools.thumbnailId === image.id}
          onClick={() => act.thumbnail(image.id)}
        >
          Use as thumbnail
        </button>
        <button type="button" className="button button-ghost" onClick={() => act.move(image.id, "up")}>
          Move up
        </button>
        <button type="button" className="button button-ghost" onClick={() => act.move(image.id, "down")}>
          Move down
        </button>
        <button type="button" className="button button-ghost" onClick={() => act.remove(image)}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}
