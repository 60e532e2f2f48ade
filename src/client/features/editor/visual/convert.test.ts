// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { docToText, textToEditorHtml } from "./convert";
import { editorExtensions } from "./schema";

const editors: Editor[] = [];
afterEach(() => {
  for (const e of editors.splice(0)) e.destroy();
});

const open = (text: string) => {
  const editor = new Editor({ extensions: editorExtensions(), content: textToEditorHtml(text) });
  editors.push(editor);
  return editor;
};

/** visual → HTML view → visual */
const roundTrip = (editor: Editor) => open(docToText(editor.state.doc));

describe("visual ⇄ HTML view (converted both ways without loss)", () => {
  it("reads text without tags as paragraphs with line breaks", () => {
    const editor = open("First line\nsame paragraph\n\nSecond");
    expect(editor.getHTML()).toBe("<p>First line<br>same paragraph</p><p>Second</p>");
    expect(docToText(editor.state.doc)).toBe("First line\nsame paragraph\n\nSecond");
  });

  it("gives the same document after visual → HTML → visual, with every style, images and a pair", () => {
    const editor = open("");
    editor
      .chain()
      .insertContent(
        "<h2>Day one</h2><p>We <strong>walked</strong> <em>far</em> <u>down</u><br>the coast</p>" +
          '<div data-marker="IMAGE:img-a"></div>' +
          '<p><span style="font-family: Georgia; font-size: 14pt; color: darkgray">styled</span> and ' +
          '<span style="color: navy">blue</span></p>' +
          '<div data-marker="PAIRED:img-b:img-c"></div>' +
          "<h3>Later</h3><blockquote><p>Quoted</p></blockquote><ul><li><p>one</p></li><li><p>two</p></li></ul>" +
          '<p>a<br><br>b <a href="https://example.com/" target="_blank">link</a></p><p>[IMAGE:not-a-marker] typed as text</p>',
      )
      .run();
    const before = editor.getJSON();
    const text = docToText(editor.state.doc);
    expect(text).toContain("[IMAGE:img-a]\n\n");
    expect(text).toContain("[PAIRED:img-b:img-c]");
    expect(text).toContain("We <strong>walked</strong> <em>far</em> <u>down</u>\nthe coast");
    const again = roundTrip(editor);
    expect(again.getJSON()).toEqual(before);
    expect(docToText(again.state.doc)).toBe(text);
  });

  it("stores no empty paragraph when Enter is pressed twice", () => {
    const editor = open("First");
    // Enter twice at the end of "First", then write on.
    editor.chain().setTextSelection(6).splitBlock().splitBlock().insertContent("Second").run();
    expect(editor.getHTML()).toBe("<p>First</p><p></p><p>Second</p>");
    expect(docToText(editor.state.doc)).toBe("First\n\nSecond");
    editor
      .chain()
      .setTextSelection(editor.state.doc.content.size - 1)
      .splitBlock()
      .splitBlock()
      .run();
    expect(docToText(editor.state.doc)).toBe("First\n\nSecond");
  });

  it("keeps the §9 span styles the allowlist admits", () => {
    const editor = open('<p><span style="font-family: Times New Roman">t</span></p>');
    editor.commands.selectAll();
    editor.chain().setFontSize("72pt").setColor("maroon").run();
    expect(editor.getHTML()).toMatch(/font-size: 72pt/);
    expect(editor.getHTML()).toMatch(/color: maroon/);
    expect(roundTrip(editor).getJSON()).toEqual(editor.getJSON());
  });
});
