// @vitest-environment happy-dom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { hrefFromInput, LINK_EMPTY_TEXT, LINK_REFUSED_TEXT } from "./link";
import { editorExtensions } from "./schema";

// The link dialog's address rule, and links held to the post allowlist in the editor.

const ORIGIN = "https://blog.example";

describe("hrefFromInput (the link dialog)", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["  http://example.com  ", "http://example.com"],
    ["www.metoffice.gov.uk", "https://www.metoffice.gov.uk"],
    ["example.com/path", "https://example.com/path"],
    ["us@example.com", "mailto:us@example.com"],
    ["mailto:us@example.com", "mailto:us@example.com"],
    ["/post/abc", "https://blog.example/post/abc"],
  ])("accepts %j as %j", (input, href) => {
    expect(hrefFromInput(input, ORIGIN)).toEqual({ href });
  });

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:x",
    "ftp://example.com",
    "//evil.example/x",
    "/\\evil.example",
    "just words",
  ])("refuses %j with the dialog's message", (input) => {
    expect(hrefFromInput(input, ORIGIN)).toEqual({ error: LINK_REFUSED_TEXT });
  });

  it("asks for an address when there is none", () => {
    expect(hrefFromInput("   ", ORIGIN)).toEqual({ error: LINK_EMPTY_TEXT });
  });
});

describe("links in the editor", () => {
  const editors: Editor[] = [];
  afterEach(() => {
    for (const e of editors.splice(0)) e.destroy();
  });
  const open = (content: string) => {
    const editor = new Editor({ extensions: editorExtensions(), content });
    editors.push(editor);
    return editor;
  };

  it("reads no link from a javascript: or data: address (the text stays)", () => {
    const editor = open('<p><a href="javascript:alert(1)">x</a> <a href="data:text/html,y">y</a></p>');
    expect(editor.getHTML()).toBe("<p>x y</p>");
  });

  it("refuses setLink with a disallowed address, and writes rel and target as the server does", () => {
    const editor = open("<p>word</p>");
    editor.commands.setTextSelection({ from: 1, to: 5 });
    expect(editor.commands.setLink({ href: "javascript:alert(1)" })).toBe(false);
    expect(editor.getHTML()).toBe("<p>word</p>");
    editor.commands.setLink({ href: "https://example.com/", target: "_blank" });
    expect(editor.getHTML()).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/">word</a></p>',
    );
  });
});

describe("typing at a link's end", () => {
  const editors: Editor[] = [];
  afterEach(() => {
    for (const e of editors.splice(0)) e.destroy();
  });
  /** Types as the browser does: through the view's text-input handlers, then the default insert. */
  const type = (editor: Editor, text: string) => {
    const { view } = editor;
    const { from, to } = view.state.selection;
    const handled = view.someProp("handleTextInput", (f) => f(view, from, to, text, () => view.state.tr));
    if (!handled) view.dispatch(view.state.tr.insertText(text, from, to));
  };

  it("a full stop right after a link is not linked; text inside a link still is", () => {
    const editor = new Editor({
      extensions: editorExtensions(),
      content: '<p>See <a href="https://example.com/">the map</a></p>',
    });
    editors.push(editor);
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    type(editor, ".");
    expect(editor.getHTML()).toBe(
      '<p>See <a rel="noopener noreferrer" href="https://example.com/">the map</a>.</p>',
    );
    // Between "the" and " map": inside the link, the text joins it.
    editor.commands.setTextSelection(8);
    type(editor, "x");
    expect(editor.getHTML()).toContain(">thex map</a>.");
  });
});
