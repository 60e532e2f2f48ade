import { diffArrays, diffWordsWithSpace } from "diff";
import type { DiffBlock, DiffPart } from "../../common/types";

/**
 * A post's content compared as readers see it (not raw HTML with srcset markup): the
 * sanitised HTML becomes blocks (paragraphs, headings, quotes, list items, images), the blocks are
 * compared in order, and a changed block shows its words added and removed.
 */

type TextKind = "paragraph" | "heading" | "quote" | "item";
type Block = { kind: TextKind; text: string } | { kind: "image"; url: string; alt: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const attr = (tag: string, name: string) =>
  decode(new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? "");
const IMG = /<img\b[^>]*>/gi;
const image = (tag: string): Block => ({ kind: "image", url: attr(tag, "src"), alt: attr(tag, "alt") });
const KINDS: Record<string, TextKind> = { p: "paragraph", h2: "heading", h3: "heading", li: "item" };

/** The blocks of sanitised post HTML, in reading order. */
export function contentBlocks(html: string): Block[] {
  // A quote's paragraphs are quote blocks; a quote without paragraphs is one.
  const marked = html.replace(/<blockquote\b[^>]*>([\s\S]*?)<\/blockquote>/gi, (_all, inner: string) =>
    /<p\b/i.test(inner) ? inner.replace(/<p\b/gi, "<p data-quote") : `<p data-quote>${inner}</p>`,
  );
  const blocks: Block[] = [];
  for (const m of marked.matchAll(/<(h2|h3|p|li)\b([^>]*)>([\s\S]*?)<\/\1>|<img\b[^>]*>/gi)) {
    if (!m[1]) {
      blocks.push(image(m[0]));
      continue;
    }
    const inner = m[3] ?? "";
    const text = decode(inner.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
    const kind = (m[2] ?? "").includes("data-quote") ? "quote" : KINDS[m[1].toLowerCase()]!;
    if (text) blocks.push({ kind, text });
    for (const img of inner.match(IMG) ?? []) blocks.push(image(img));
  }
  return blocks;
}

const keyOf = (b: Block) => (b.kind === "image" ? `image ${b.url}` : `${b.kind} ${b.text}`);
const whole = (b: Block, change?: "added" | "removed"): DiffBlock =>
  b.kind === "image"
    ? { ...b, ...(change ? { change } : {}) }
    : { kind: b.kind, parts: [{ value: b.text, ...(change ? { [change]: true as const } : {}) }] };
const words = (kind: TextKind, from: string, to: string): DiffBlock => ({
  kind,
  parts: diffWordsWithSpace(from, to).map(
    (c): DiffPart => ({
      value: c.value,
      ...(c.added ? { added: true } : {}),
      ...(c.removed ? { removed: true } : {}),
    }),
  ),
});

/** The blocks of `to` against `from`: unchanged, changed word by word, added or removed. */
export function readableDiff(fromHtml: string, toHtml: string): DiffBlock[] {
  const from = contentBlocks(fromHtml);
  const to = contentBlocks(toHtml);
  const out: DiffBlock[] = [];
  let i = 0;
  let j = 0;
  let removed: Block[] = [];
  const flushRemoved = () => {
    for (const b of removed) out.push(whole(b, "removed"));
    removed = [];
  };
  for (const change of diffArrays(from.map(keyOf), to.map(keyOf))) {
    const n = change.count ?? change.value.length;
    if (change.removed) {
      removed.push(...from.slice(i, i + n));
      i += n;
    } else if (change.added) {
      // A block that was edited: removed then added with the same kind shows its words.
      for (const b of to.slice(j, j + n)) {
        const k = removed.findIndex((r) => r.kind === b.kind && b.kind !== "image");
        const r = removed[k];
        if (r && r.kind !== "image" && b.kind !== "image") {
          for (const before of removed.splice(0, k)) out.push(whole(before, "removed"));
          removed.shift();
          out.push(words(b.kind, r.text, b.text));
        } else out.push(whole(b, "added"));
      }
      j += n;
    } else {
      flushRemoved();
      for (const b of to.slice(j, j + n)) out.push(whole(b));
      i += n;
      j += n;
    }
  }
  flushRemoved();
  return out;
}
