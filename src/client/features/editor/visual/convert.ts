import { getHTMLFromFragment } from "@tiptap/core";
import { Fragment, type Node as PmNode } from "@tiptap/pm/model";
import { isBlockHtml, paragraphsFromText } from "../../../../common/rules/paragraphs";

const MARKER = /\[(IMAGE:[A-Za-z0-9_-]{1,64}|PAIRED:[A-Za-z0-9_-]{1,64}:[A-Za-z0-9_-]{1,64})\]/g;

/** HTML view text → the visual editor's HTML: paragraphs as published, markers as image blocks. */
export function textToEditorHtml(text: string): string {
  return paragraphsFromText(text).replace(
    MARKER,
    (_w, marker: string) => `<div data-marker="${marker}"></div>`,
  );
}

/**
 * Text that only looks like a marker stays text (its bracket written as an entity); span styles
 * lose the trailing ';' the editor adds, as the server's sanitiser writes them.
 */
const tidy = (html: string) =>
  html.replace(/\[(?=(IMAGE|PAIRED):)/g, "&#91;").replace(/ style="([^"]*?);\s*"/g, ' style="$1"');

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
    } else if (node.type.name === "paragraph") {
      const inner = tidy(getHTMLFromFragment(node.content, doc.type.schema));
      blocks.push(paragraphText(inner) ?? `<p>${inner}</p>`);
    } else {
      blocks.push(tidy(getHTMLFromFragment(Fragment.from(node), doc.type.schema)));
    }
  });
  // The editor keeps an empty paragraph after the last block to type in; it is not content.
  while (blocks.length > 0 && blocks[blocks.length - 1] === "<p></p>") blocks.pop();
  return blocks.join("\n\n");
}
