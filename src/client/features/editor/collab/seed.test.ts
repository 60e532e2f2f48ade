// @vitest-environment happy-dom
import { Editor, getSchema } from "@tiptap/core";
import { Collaboration } from "@tiptap/extension-collaboration";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { docToText, textToEditorHtml } from "../visual/convert";
import { editorExtensions } from "../visual/schema";
import { COLLAB_FIELD, seedIfEmpty, seedUpdate } from "./seed";

const schema = getSchema(editorExtensions());
const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

/** The shared document as a tab's editor shows it (the Collaboration extension renders it). */
async function textOf(doc: Y.Doc): Promise<string> {
  const editor = new Editor({
    extensions: editorExtensions(undefined, undefined, [Collaboration.configure({ document: doc })]),
  });
  editors.push(editor);
  // The binding renders the Yjs content on the next turn of the event loop.
  await new Promise((r) => setTimeout(r, 20));
  return docToText(editor.state.doc);
}

const TEXT =
  "A first paragraph with <strong>bold</strong> words.\n\n[IMAGE:img-a]\n\n<h2>A heading</h2>\n\nThe end.";

describe("seeding the shared document", () => {
  it("gives the same bytes for the same HTML (a fixed client id, clock from 0)", () => {
    const html = textToEditorHtml(TEXT);
    expect(seedUpdate(schema, html)).toEqual(seedUpdate(schema, html));
  });

  it("two tabs seeding the empty room at once hold the content once after they merge", async () => {
    const html = textToEditorHtml(TEXT);
    const a = new Y.Doc();
    const b = new Y.Doc();
    expect(seedIfEmpty(a, schema, html)).toBe(true);
    expect(seedIfEmpty(b, schema, html)).toBe(true);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(a.getXmlFragment(COLLAB_FIELD).length).toBe(4);
    expect(a.getXmlFragment(COLLAB_FIELD).toString()).toBe(b.getXmlFragment(COLLAB_FIELD).toString());
    expect(await textOf(a)).toBe(TEXT);
    expect(await textOf(b)).toBe(TEXT);
  });

  it("a late seed after a partner's edit changes nothing (their edit and one copy stay)", async () => {
    const html = textToEditorHtml("Hello");
    const a = new Y.Doc();
    seedIfEmpty(a, schema, html);
    const para = a.getXmlFragment(COLLAB_FIELD).get(0) as Y.XmlElement;
    (para.get(0) as Y.XmlText).insert(5, " there");
    // b seeded offline from the same saved post, then meets a's state.
    const b = new Y.Doc();
    seedIfEmpty(b, schema, html);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(await textOf(b)).toBe("Hello there");
    expect(await textOf(a)).toBe("Hello there");
  });

  it("does not seed a document that has content", () => {
    const a = new Y.Doc();
    seedIfEmpty(a, schema, textToEditorHtml("One"));
    expect(seedIfEmpty(a, schema, textToEditorHtml("Two"))).toBe(false);
    expect(a.getXmlFragment(COLLAB_FIELD).toString()).toContain("One");
  });
});
