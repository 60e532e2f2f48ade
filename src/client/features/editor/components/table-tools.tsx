import { type Editor, useEditorState } from "@tiptap/react";

/**
 * The visual editor's table tool: 'Table' adds a 3 × 3 table with a header row at the caret; with
 * the caret in a table, add a row or a column, or remove the table. Tab moves between cells.
 */
export function TableTools({ editor }: { editor: Editor | null }) {
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => e?.isActive("table") ?? false });
  if (!editor) return null;
  const tool = (label: string, run: () => void, title = label) => (
    <button
      type="button"
      className="editor-tool"
      title={title}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {label}
    </button>
  );
  if (!inTable)
    return tool(
      "Table",
      () => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      "Add a table with a header row",
    );
  return (
    <>
      {tool("+ Row", () => editor.chain().focus().addRowAfter().run(), "Add a row below")}
      {tool("+ Column", () => editor.chain().focus().addColumnAfter().run(), "Add a column to the right")}
      {tool("Remove table", () => editor.chain().focus().deleteTable().run())}
    </>
  );
}
