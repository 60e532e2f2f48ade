import { IMAGE_POSITIONS, IMAGE_SIZES, type ImagePosition, type ImageSize } from "../../../../common/limits";

type Placement = { position: ImagePosition; size: ImageSize };

const FIELDS = [
  { key: "position", name: "Position", values: IMAGE_POSITIONS },
  { key: "size", name: "Size", values: IMAGE_SIZES },
] as const;

/**
 * SPEC §4's position and size of one image: the two selects of the image list and of the image
 * toolbar in the visual editor. `of` names the image in each select's label when several are shown.
 */
export function ImagePlacement({
  image,
  of,
  onPatch,
}: {
  image: Placement;
  of?: string;
  onPatch: (patch: Partial<Placement>) => void;
}) {
  return (
    <>
      {FIELDS.map(({ key, name, values }) => (
        <label key={key}>
          {name}{" "}
          <select
            className="input"
            aria-label={of ? `${name} ${of}` : undefined}
            value={image[key]}
            onChange={(e) => onPatch({ [key]: e.target.value } as Partial<Placement>)}
          >
            {values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      ))}
    </>
  );
}
