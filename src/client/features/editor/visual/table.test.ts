// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { docToText, textToEditorHtml } from "./convert";
import { editorExtensions } from "./schema";

// Tables in the visual editor: the table tool's table has the shape the allowlist keeps
// (post-html.fixtures.ts); a table the editor cannot hold exactly (thead, th scope) stays whole.

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});
const open = (text: string) => {
  const editor = new Editor({ extensions: editorExtensions(), content: textToEditorHtml(text) });
  editors.push(editor);
  return editor;
};

describe("tables in the visual editor", () => {
  it("a new table with a header row is stored as the sanitiser keeps it", () => {
    const editor = open("<p>Plan</p>");
    editor
      .chain()
      .setTextSelection(editor.state.doc.content.size)
      .insertTable({ rows: 2, cols: 2, withHeaderRow: true })
      .run();
    const text = docToText(editor.state.doc);
    expect(text).toContain("<table><tbody><tr><th><p></p></th><th><p></p></th></tr><tr><td><p></p></td>");
  });

  it("keeps spans, and a table it cannot hold exactly, as written", () => {
    const spans =
      '<table><tbody><tr><th colspan="2"><p>A</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table>';
    expect(docToText(open(spans).state.doc)).toBe(spans);
    const head =
      '<table><thead><tr><th scope="col">Day</th></tr></thead><tbody><tr><td>Sat</td></tr></tbody></table>';
    expect(docToText(open(head).state.doc)).toBe(head);
  });
});
