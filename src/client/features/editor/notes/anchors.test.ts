// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { Collaboration } from "@tiptap/extension-collaboration";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { NOTE_QUOTE_MAX_LENGTH } from "../../../../common/limits";
import { COLLAB_FIELD, seedIfEmpty } from "../collab/seed";
import { textToEditorHtml } from "../visual/convert";
import { editorExtensions } from "../visual/schema";
import { bindingOf, encodeAnchor, quoteOf, resolveAnchor } from "./anchors";

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

/** A tab's editor on the shared document, once the binding has rendered it. */
async function editorOn(doc: Y.Doc): Promise<Editor> {
  const editor = new Editor({
    extensions: editorExtensions(undefined, undefined, [
      Collaboration.configure({ document: doc, field: COLLAB_FIELD }),
    ]),
  });
  editors.push(editor);
  await new Promise((r) => setTimeout(r, 20));
  return editor;
}

/** The first occurrence of `word` as ProseMirror positions. */
function find(editor: Editor, word: string): { from: number; to: number } {
  let found: { from: number; to: number } | null = null;
  editor.state.doc.descendants((node, pos) => {
    const at = node.isText ? (node.text ?? "").indexOf(word) : -1;
    if (!found && at >= 0) found = { from: pos + at, to: pos + at + word.length };
  });
  if (!found) throw new Error(`${word} is not in the document`);
  return found;
}

/** Two tabs on one room: each change reaches the other at once. */
function linked(): [Y.Doc, Y.Doc] {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on("update", (u: Uint8Array) => Y.applyUpdate(b, u, "remote"));
  b.on("update", (u: Uint8Array) => Y.applyUpdate(a, u, "remote"));
  return [a, b];
}

const TEXT = "The quick brown fox jumps.\n\nA second paragraph.";

describe("a note's anchors", () => {
  it("follow their word when the partner types before it", async () => {
    const [mine, theirs] = linked();
    seedIfEmpty(mine, (await editorOn(new Y.Doc())).schema, textToEditorHtml(TEXT));
    const she = await editorOn(mine);
    const he = await editorOn(theirs);
    const word = find(she, "brown");
    const binding = bindingOf(she.state);
    if (!binding) throw new Error("no binding");
    const anchor = encodeAnchor(binding, word.from, word.to);
    expect(anchor.start).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(quoteOf(she.state.doc, word.from, word.to)).toBe("brown");

    // He types at the start of the first paragraph, and a paragraph above everything.
    he.commands.insertContentAt(1, "Very ");
    he.commands.insertContentAt(0, "<p>A new first line.</p>");
    await new Promise((r) => setTimeout(r, 20));
    expect(she.getText()).toContain("Very The quick");

    for (const tab of [she, he]) {
      const b = bindingOf(tab.state);
      if (!b) throw new Error("no binding");
      const now = resolveAnchor(b, anchor);
      expect(now).not.toBeNull();
      expect(now && tab.state.doc.textBetween(now.from, now.to)).toBe("brown");
      expect(now?.from).toBeGreaterThan(word.from);
    }
  });

  it("say the words are gone once they are deleted", async () => {
    const doc = new Y.Doc();
    const editor = await editorOn(doc);
    editor.commands.setContent(textToEditorHtml(TEXT));
    const word = find(editor, "brown");
    const binding = bindingOf(editor.state);
    if (!binding) throw new Error("no binding");
    const anchor = encodeAnchor(binding, word.from, word.to);
    editor.commands.deleteRange({ from: word.from - 1, to: word.to + 1 });
    const after = bindingOf(editor.state);
    expect(after && resolveAnchor(after, anchor)).toBeNull();
  });

  it("read an anchor that is not a relative position as no words, never a throw", async () => {
    const editor = await editorOn(new Y.Doc());
    const binding = bindingOf(editor.state);
    if (!binding) throw new Error("no binding");
    for (const bad of ["AAAA", "////", "bm90IGEgcG9zaXRpb24=", ""]) {
      expect(resolveAnchor(binding, { start: bad, end: bad })).toBeNull();
    }
    expect(resolveAnchor(binding, null)).toBeNull();
  });

  it("quote at most the quote's limit", async () => {
    const editor = await editorOn(new Y.Doc());
    editor.commands.setContent(textToEditorHtml("word ".repeat(200)));
    expect(quoteOf(editor.state.doc, 0, editor.state.doc.content.size)).toHaveLength(NOTE_QUOTE_MAX_LENGTH);
  });
});
