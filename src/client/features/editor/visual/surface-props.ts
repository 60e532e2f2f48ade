import { TextSelection } from "@tiptap/pm/state";
import type { EditorProps } from "@tiptap/pm/view";
import type { RefObject } from "react";

const imageFiles = (list: FileList | null | undefined) =>
  Array.from(list ?? []).filter((f) => f.type.startsWith("image/"));

/**
 * The editing surface's attributes and handlers: a labelled multi-line textbox, Ctrl/Cmd+K for
 * the link dialog, images dropped where they fall.
 */
export function surfaceProps(
  id: string,
  labelledBy: string,
  openLink: RefObject<() => void>,
  onFiles: RefObject<(files: File[]) => void>,
): EditorProps {
  return {
    attributes: {
      id,
      class: "post-content visual-editor-surface",
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelledBy,
    },
    handleKeyDown: (_view, event) => {
      // Ctrl/Cmd+K: the link dialog.
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey) return false;
      event.preventDefault();
      openLink.current();
      return true;
    },
    handleDrop: (view, event) => {
      const files = imageFiles(event.dataTransfer?.files);
      if (files.length === 0) return false;
      event.preventDefault();
      const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
      // The dropped images go where they were dropped.
      if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
      onFiles.current(files);
      return true;
    },
  };
}
