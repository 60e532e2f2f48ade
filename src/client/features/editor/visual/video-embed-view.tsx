import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from "@tiptap/react";
import { VideoEmbed } from "./video-embed";

/** The poster as readers see it (nothing loads from the video's site); selected, its title is editable. */
function EmbedBlock({ node, selected, updateAttributes }: ReactNodeViewProps) {
  const embed = String(node.attrs.embed);
  const title = String(node.attrs.title);
  return (
    <NodeViewWrapper
      className={selected ? "editor-embed-block is-selected" : "editor-embed-block"}
      data-drag-handle=""
      contentEditable={false}
    >
      <div className="post-embed" data-embed={embed}>
        <span className="post-embed-poster">{title}</span>
      </div>
      {selected ? (
        <div className="image-toolbar">
          <label className="image-toolbar-text">
            Video title{" "}
            <input
              className="input"
              type="text"
              value={title}
              maxLength={200}
              onChange={(e) => updateAttributes({ title: e.target.value })}
            />
          </label>
        </div>
      ) : null}
    </NodeViewWrapper>
  );
}

export const VideoEmbedWithView = VideoEmbed.extend({
  addNodeView() {
    return ReactNodeViewRenderer(EmbedBlock);
  },
});
