import { type Editor, useEditorState } from "@tiptap/react";

/** Which toolbar styles the selection has, so each button can show it is pressed. */
export function useActiveStyles(editor: Editor | null) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            "heading 2": e.isActive("heading", { level: 2 }),
            "heading 3": e.isActive("heading", { level: 3 }),
            quote: e.isActive("blockquote"),
            "bullet list": e.isActive("bulletList"),
            link: e.isActive("link"),
          }
        : null,
  });
}
