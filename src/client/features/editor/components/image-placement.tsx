import { IMAGE_POSITIONS, IMAGE_SIZES, type ImagePosition, type ImageSize } from "../../../../common/limits";

/**
 * SPEC §4's position and size of one image: the two selects of the image list and of the image
 * toolbar in the visual editor. `of` names the image in each select's label when several are shown.
 */
export function ImagePlacement({
  image,
  of,
  onPatch,
}: {
  image: { position: ImagePosition; size: ImageSize };
  of?: string;
  onPatch: (patch: { position: ImagePosition } | { size: ImageSize }) => void;
}) {
  return (
    <>
      <label>
        Position{" "}
        <select
          aria-label={of ? `Position ${of}` : undefined}
          value={image.position}
          onChange={(e) => onPatch({ position: e.target.value as ImagePosition })}
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
          aria-label={of ? `Size ${of}` : undefined}
          value={image.size}
          onChange={(e) => onPatch({ size: e.target.value as ImageSize })}
        >
          {IMAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
