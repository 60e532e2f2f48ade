import { DOMSerializer, DOMParser as PmDOMParser, type Schema } from "@tiptap/pm/model";
import { atomBlock } from "./atom-block";

/**
 * Lossless visual editing ("every element and attribute the post sanitiser allows must
 * survive opening a post in the visual editor and saving it"). A top-level block the editor's
 * schema would change in meaning (an `<a>` without href, an image that is not one of the post's
 * images, a div or figure it does not know…) is kept whole as a raw block: shown, moved and
 * deleted as one piece, written back exactly as it came, edited in the HTML view.
 */
export const RawHtml = atomBlock("rawHtml", "html", "data-raw-html").extend({
  addNodeView() {
    // Its text only (never its markup): the block is seen, the HTML view edits it.
    return ({ node }) => {
      const dom = document.createElement("div");
      dom.className = "raw-html-block";
      dom.contentEditable = "false";
      const label = dom.appendChild(document.createElement("span"));
      label.className = "raw-html-label";
      label.textContent = "HTML kept as written (edit it in the HTML view)";
      const holder = document.createElement("template");
      holder.innerHTML = String(node.attrs.html);
      const text = dom.appendChild(document.createElement("span"));
      text.textContent = holder.content.textContent ?? "";
      return { dom };
    };
  },
});

const BLOCKS = new Set([
  ...["p", "h2", "h3", "blockquote", "ul", "ol", "li", "div", "figure", "figcaption"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
]);
/** Blocks whose single paragraph the editor adds or drops without a change of meaning. */
const IMPLICIT_P = new Set(["li", "blockquote", "th", "td"]);
const INLINE_MARKS = new Set(["a", "strong", "b", "em", "i", "u", "span"]);

const attrsKey = (el: Element, skip: string[] = []) =>
  [...el.attributes]
    .filter((a) => !skip.includes(a.name))
    .map((a) => `${a.name}=${a.name === "style" ? styleKey(a.value) : a.value}`)
    .sort()
    .join(" ");
const styleKey = (style: string) =>
  style
    .split(";")
    .map((d) =>
      d
        .trim()
        .replace(/\s*:\s*/, ":")
        .replace(/["']/g, ""),
    )
    .filter(Boolean)
    .sort()
    .join(";");

type Item = { marks: string; text: string } | { marks: string; atom: string };

/**
 * What a block means, whatever the markup's shape: its blocks (tag and attributes; the `<p>` the
 * editor puts inside a quote or list item adds nothing) and, in each, runs of text with the set
 * of marks on them, line breaks and images. Nested spans count as one style (the editor merges
 * them), the order marks are nested in does not count, nor does collapsed white space.
 */
function meaning(root: globalThis.Node): string {
  const blocks: Array<{ path: string; items: Item[] }> = [];
  let current: { path: string; items: Item[] } | null = null;
  const start = (path: string) => {
    current = { path, items: [] };
    blocks.push(current);
  };
  const walk = (node: globalThis.Node, path: string[], marks: Map<string, string>) => {
    if (node.nodeType === 3) {
      const key = [...marks.entries()]
        .map(([t, a]) => `${t}(${a})`)
        .sort()
        .join("+");
      if (!current) start(path.join(">"));
      current!.items.push({ marks: key, text: node.textContent ?? "" });
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (BLOCKS.has(tag)) {
      const parent = path[path.length - 1]?.split("(")[0];
      const implicit = tag === "p" && IMPLICIT_P.has(parent ?? "");
      const inner = implicit ? path : [...path, `${tag}(${attrsKey(el)})`];
      start(inner.join(">"));
      for (const child of el.childNodes) walk(child, inner, new Map());
      start(path.join(">"));
      return;
    }
    if (INLINE_MARKS.has(tag)) {
      const next = new Map(marks);
      if (tag === "span") {
        const merged = [marks.get("span"), el.getAttribute("style")].filter(Boolean).join(";");
        if (merged) next.set("span", styleKey(merged));
      } else next.set(tag, attrsKey(el));
      for (const child of el.childNodes) walk(child, path, next);
      return;
    }
    if (!current) start(path.join(">"));
    current!.items.push({ marks: "", atom: `${tag}(${attrsKey(el)})` });
  };
  for (const child of root.childNodes) walk(child, [], new Map());
  return JSON.stringify(
    blocks.map((b) => ({ path: b.path, items: tidyItems(b.items) })).filter((b) => b.items.length > 0),
  );
}

/** Merge runs with the same marks, collapse white space, drop what is empty. */
function tidyItems(items: Item[]): Item[] {
  const out: Item[] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if ("text" in item && last && "text" in last && last.marks === item.marks) last.text += item.text;
    else out.push({ ...item });
  }
  const texts = out.filter((i): i is { marks: string; text: string } => "text" in i);
  for (const t of texts) t.text = t.text.replace(/\s+/g, " ");
  if (texts[0] && out[0] === texts[0]) texts[0].text = texts[0].text.trimStart();
  const end = out[out.length - 1];
  if (end && "text" in end) end.text = end.text.trimEnd();
  return out.filter((i) => !("text" in i) || i.text !== "");
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The visual editor's HTML with every top-level block it cannot hold as it is turned into a raw
 * block. Each block is put through the schema and back; a block whose meaning changed is kept raw.
 */
export function keepUnrepresentable(html: string, schema: Schema): string {
  const parser = PmDOMParser.fromSchema(schema);
  const serializer = DOMSerializer.fromSchema(schema);
  const root = document.createElement("template");
  root.innerHTML = html;
  for (const node of [...root.content.childNodes]) {
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    if (el.matches("div[data-marker], div[data-raw-html]")) continue;
    const alone = document.createElement("div");
    alone.appendChild(el.cloneNode(true));
    const back = document.createElement("div");
    back.appendChild(serializer.serializeFragment(parser.parse(alone).content, { document }));
    if (meaning(alone) === meaning(back)) continue;
    const raw = document.createElement("template");
    raw.innerHTML = `<div data-raw-html="${escapeAttr(el.outerHTML)}"></div>`;
    el.replaceWith(raw.content);
  }
  return root.innerHTML;
}
