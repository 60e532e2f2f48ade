import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from "@tiptap/react";
import { createContext, useContext, useState } from "react";
import type { EditorImage } from "../editor-model";
import { ImageToolbar, type ImageTools } from "./image-toolbar";
import { ImageMarker } from "./schema";
import "./image-toolbar.css";

/** The editor's image list, for the image blocks of the visual editor to draw themselves. */
export const EditorImagesContext = createContext<readonly EditorImage[]>([]);
/** The image toolbar's list and actions (absent: the blocks are drawn without a toolbar). */
export const ImageToolsContext = createContext<ImageTools | null>(null);

const ratio = (i: EditorImage) => (i.width && i.height ? Math.round((i.width / i.height) * 1000) / 1000 : 1);

function Figure({ image, inRow }: { image: EditorImage | undefined; inRow: boolean }) {
  if (!image) return <span className="editor-image-missing">Image not found</span>;
  const cls = `post-image post-image--${image.position} post-image--${image.size}`;
  // A row's items grow by their ratio, as the server writes it for readers (image-sources.ts).
  const style = inRow ? ({ "--ratio": ratio(image) } as React.CSSProperties) : undefined;
  const img = (
    <img
      className={cls}
      style={image.caption?.trim() ? undefined : style}
      src={image.previewUrl}
      alt={image.alt ?? ""}
      width={image.width}
      height={image.height}
      data-image-id={image.id}
    />
  );
  if (!image.caption?.trim()) return img;
  return (
    <figure className={`post-figure post-image--${image.position} post-image--${image.size}`} style={style}>
      {img}
      <figcaption>{image.caption}</figcaption>
    </figure>
  );
}

/**
 * An image block as readers will see it (a pair or gallery as one row); dragged to move it.
 * Selected, it shows the image toolbar for the image last clicked in it.
 */
function ImageBlock({ node, selected }: ReactNodeViewProps) {
  const images = useContext(EditorImagesContext);
  const tools = useContext(ImageToolsContext);
  const [kind, ...ids] = String(node.attrs.marker).split(":");
  const [chosen, setChosen] = useState<string | null>(null);
  const find = (id: string | undefined) => images.find((i) => i.id === id);
  const current = find(chosen && ids.includes(chosen) ? chosen : ids[0]);
  const rowClass = kind === "GALLERY" ? "image-gallery" : kind === "PAIRED" ? "image-pair" : null;
  const figures = ids.map((id) => <Figure key={id} image={find(id)} inRow={!!rowClass} />);
  return (
    <NodeViewWrapper
      className={selected ? "editor-image-block is-selected" : "editor-image-block"}
      data-drag-handle=""
      contentEditable={false}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the toolbar's 'Image n' names which image it sets. */}
      <div
        className="editor-image-row"
        onMouseDown={(e) => {
          const id = (e.target as Element).closest("[data-image-id]")?.getAttribute("data-image-id");
          if (id) setChosen(id);
        }}
      >
        {rowClass ? <div className={rowClass}>{figures}</div> : figures}
      </div>
      {selected && tools && current ? (
        <ImageToolbar image={current} row={ids} tools={tools} onChoose={setChosen} />
      ) : null}
    </NodeViewWrapper>
  );
}

export const ImageMarkerWithView = ImageMarker.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageBlock);
  },
});
