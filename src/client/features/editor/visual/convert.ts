import { getHTMLFromFragment, getSchema } from "@tiptap/core";
import { Fragment, type Node as PmNode, type Schema } from "@tiptap/pm/model";
import { isBlockHtml, paragraphsFromText } from "../../../../common/rules/paragraphs";
import { keepUnrepresentable } from "./lossless";
import { editorExtensions } from "./schema";

const MARKER =
  /\[(IMAGE:[A-Za-z0-9_-]{1,64}|PAIRED:[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,64}|GALLERY:(?:[A-Za-z0-9_-]{1,64}:){2,11}[A-Za-z0-9_-]{1,64})\]/g;

let schema: Schema | null = null;

/**
 * HTML view text → the visual editor's HTML: paragraphs as published, markers as image blocks,
 * and any block the editor cannot hold as it is kept whole (lossless.ts).
 */
export function textToEditorHtml(text: string): string {
  schema ??= getSchema(editorExtensions());
  const html = paragraphsFromText(text).replace(
    MARKER,
    (_w, marker: string) => `<div data-marker="${marker}"></div>`,
  );
  return keepUnrepresentable(html, schema);
}

/** A paragraph with nothing in it (Enter pressed twice): not content, never stored. */
const isEmptyParagraph = (inner: string) => inner.replace(/<br\s*\/?>|&nbsp;/g, "").trim() === "";

/**
 * Text that only looks like a marker stays text (its bracket written as an entity); span styles
 * lose the trailing ';' the editor adds and the quotes around a font name, as the server's
 * sanitiser writes them.
 */
const tidy = (html: string) =>
  html
    .replace(/\[(?=(IMAGE|PAIRED|GALLERY):)/g, "&#91;")
    .replace(/ style="([^"]*?);\s*"/g, ' style="$1"')
    // SPEC §9 font names as written, whatever quotes the DOM adds when it writes the style.
    .replace(/font-family: &quot;([^&"]*)&quot;/g, "font-family: $1");

/**
 * A paragraph is written without tags when that reads back the same: no blank line inside, no
 * leading or trailing break, not mistaken for a block of HTML or a marker.
 */
function paragraphText(inner: string): string | null {
  const text = inner.replace(/<br\s*\/?>/g, "\n");
  if (text.trim() === "" || /\n\s*\n/.test(text) || /^\s|\s$/.test(text)) return null;
  if (isBlockHtml(text)) return null;
  return text;
}

/**
 * The visual document → HTML view text: blocks apart by a blank line, a plain paragraph as text
 * (its line breaks as new lines), an image block as its marker, any other block as HTML.
 * textToEditorHtml reads it back to the same document (convert.test.ts).
 */
export function docToText(doc: PmNode): string {
  const blocks: string[] = [];
  doc.forEach((node) => {
    if (node.type.name === "imageMarker") {
      blocks.push(`[${node.attrs.marker as string}]`);
    } else if (node.type.name === "rawHtml") {
      blocks.push(node.attrs.html as string);
    } else if (node.type.name === "paragraph") {
      const inner = tidy(getHTMLFromFragment(node.content, doc.type.schema));
      if (!isEmptyParagraph(inner)) blocks.push(paragraphText(inner) ?? `<p>${inner}</p>`);
    } else {
      blocks.push(tidy(getHTMLFromFragment(Fragment.from(node), doc.type.schema)));
    }
  });
  return blocks.join("\n\n");
}
