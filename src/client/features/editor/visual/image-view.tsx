import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from "@tiptap/react";
import { createContext, useContext } from "react";
import type { EditorImage } from "../editor-model";
import { ImageMarker } from "./schema";

/** The editor's image list, for the image blocks of the visual editor to draw themselves. */
export const EditorImagesContext = createContext<readonly EditorImage[]>([]);

function Figure({ image }: { image: EditorImage | undefined }) {
  if (!image) return <span className="editor-image-missing">Image not found</span>;
  const cls = `post-image post-image--${image.position} post-image--${image.size}`;
  const img = (
    <img
      className={cls}
      src={image.previewUrl}
      alt={image.alt ?? ""}
      width={image.width}
      height={image.height}
      data-image-id={image.id}
    />
  );
  if (!image.caption?.trim()) return img;
  return (
    <figure className={`post-figure post-image--${image.position} post-image--${image.size}`}>
      {img}
      <figcaption>{image.caption}</figcaption>
    </figure>
  );
}

/** An image block as readers will see it (a pair side by side); dragged to move it. */
function ImageBlock({ node, selected }: ReactNodeViewProps) {
  const images = useContext(EditorImagesContext);
  const [kind, a, b] = String(node.attrs.marker).split(":");
  const find = (id: string | undefined) => images.find((i) => i.id === id);
  return (
    <NodeViewWrapper
      className={selected ? "editor-image-block is-selected" : "editor-image-block"}
      data-drag-handle=""
      contentEditable={false}
    >
      {kind === "PAIRED" ? (
        <div className="image-pair">
          <Figure image={find(a)} />
          <Figure image={find(b)} />
        </div>
      ) : (
        <Figure image={find(a)} />
      )}
    </NodeViewWrapper>
  );
}

export const ImageMarkerWithView = ImageMarker.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageBlock);
  },
});
