/**
 * The post-content allowlist (ARCHITECTURE "HTML safety"): exactly what the editor produces.
 * The server applies it with sanitize-html on every write (src/server/content/sanitize.ts); the
 * browser applies it again with DOMPurify before rendering (purifyPostHtml below). Both call the
 * same cleanAttribute, so the two sides cannot drift apart.
 */
import type { DOMPurify } from "dompurify";
import { EDITOR_COLOURS, EDITOR_FONT_SIZES_PT, EDITOR_FONTS, TABLE_SPAN_MAX } from "../editor-limits";
import { IMAGE_POSITIONS, IMAGE_SIZES } from "../limits";
import { EMBED_RE } from "./embeds";

/**
 * Toolbar tags, links, styled spans, our images (captioned in a figure), the image-pair and
 * gallery blocks, video embeds (a div naming the video, holding a plain link: embeds.ts), and
 * tables (a header row of th, cells spanning columns and rows).
 */
export const POST_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "h2",
  "h3",
  "blockquote",
  "ul",
  "li",
  "a",
  "span",
  "img",
  "div",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

export const POST_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href", "rel", "target"],
  span: ["style"],
  img: ["class", "src", "srcset", "sizes", "alt", "width", "height", "loading", "data-image-id"],
  div: ["class", "data-pair", "data-gallery", "data-embed"],
  figure: ["class"],
  blockquote: ["cite"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};

/** Elements whose content is dropped with them (never shown as text). */
export const DROP_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "textarea",
  "title",
  "svg",
  "math",
  "select",
  "option",
];

const IMAGE_CLASSES = new Set<string>([
  "post-image",
  ...IMAGE_POSITIONS.map((p) => `post-image--${p}`),
  ...IMAGE_SIZES.map((s) => `post-image--${s}`),
]);
const DIV_CLASSES = new Set(["image-pair", "image-gallery", "post-embed"]);
/** A captioned image: the figure carries the image's placement classes. */
const FIGURE_CLASSES = new Set<string>([
  "post-figure",
  ...IMAGE_POSITIONS.map((p) => `post-image--${p}`),
  ...IMAGE_SIZES.map((s) => `post-image--${s}`),
]);

const ID = "[A-Za-z0-9_-]{1,64}";
const UPLOAD_SRC = /^\/uploads\/blog-images\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** img sizes as the server writes them: `(max-width: 600px) 50vw, 300px`, or a bare `100vw`. */
const SIZE_ENTRY = String.raw`(?:\(max-width: \d{1,5}px\) )?\d{1,5}(?:px|vw)`;
const SIZES_RE = new RegExp(`^${SIZE_ENTRY}(?:, ${SIZE_ENTRY}){0,5}$`);

/** img src only from our uploads (no other host, no data:, no traversal). */
export const isAllowedImageSrc = (src: string): boolean => UPLOAD_SRC.test(src) && !src.includes("..");

/** srcset: every candidate is one of our uploads with a width descriptor. */
export const isAllowedSrcset = (srcset: string): boolean =>
  srcset
    .split(",")
    .map((c) => c.trim())
    .every((c) => {
      const [url, descriptor, ...rest] = c.split(/\s+/);
      return rest.length === 0 && !!url && isAllowedImageSrc(url) && /^\d{1,5}w$/.test(descriptor ?? "");
    });

/** Links: http(s) and mailto only. */
export function isAllowedHref(href: string): boolean {
  const h = href.trim();
  // Whitespace or control characters inside a URL are how "java\tscript:" slips through.
  if ([...h].some((c) => c.charCodeAt(0) < 0x21)) return false;
  return /^https?:\/\/[^/\\]/i.test(h) || /^mailto:[^\s]+$/i.test(h);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FONT_RE = new RegExp(`^(['"]?)(${EDITOR_FONTS.map(escapeRe).join("|")})\\1$`, "i");
const SIZE_RE = new RegExp(`^(${EDITOR_FONT_SIZES_PT.join("|")})pt$`);
const COLOUR_RE = new RegExp(`^(${EDITOR_COLOURS.map(([, css]) => escapeRe(css)).join("|")})$`, "i");

/** SPEC §9: only the fixed fonts, sizes (pt) and colours; every other declaration is dropped. */
export function cleanSpanStyle(style: string): string {
  const kept: string[] = [];
  for (const decl of style.split(";")) {
    const at = decl.indexOf(":");
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl
      .slice(at + 1)
      .trim()
      .replace(/\s+/g, " ");
    const ok =
      (prop === "font-family" && FONT_RE.test(value)) ||
      (prop === "font-size" && SIZE_RE.test(value)) ||
      (prop === "color" && COLOUR_RE.test(value));
    if (ok) kept.push(`${prop}: ${value}`);
  }
  return kept.join("; ");
}

const cleanClasses = (value: string, allowed: Set<string>) =>
  value
    .split(/\s+/)
    .filter((c) => allowed.has(c))
    .join(" ");

/**
 * The one attribute rule: the value to keep, or null to drop the attribute. Tags and attribute
 * names outside POST_TAGS / POST_ATTRIBUTES never get here (both sanitisers drop them first).
 */
export function cleanAttribute(tag: string, name: string, value: string): string | null {
  const keep = (ok: boolean, v = value) => (ok && v !== "" ? v : null);
  switch (`${tag} ${name}`) {
    case "a href":
      return keep(isAllowedHref(value), value.trim());
    case "a rel":
      return "noopener noreferrer";
    case "a target":
      return keep(value === "_blank");
    case "span style":
      return keep(true, cleanSpanStyle(value));
    case "img class":
      return keep(true, cleanClasses(value, IMAGE_CLASSES));
    case "img src":
      return keep(isAllowedImageSrc(value));
    case "img srcset":
      return keep(isAllowedSrcset(value));
    case "img sizes":
      return keep(SIZES_RE.test(value));
    case "img alt":
      return value.slice(0, 500);
    case "img width":
    case "img height":
      return keep(/^\d{1,5}$/.test(value));
    case "img loading":
      return keep(value === "lazy" || value === "eager");
    case "img data-image-id":
      return keep(new RegExp(`^${ID}$`).test(value));
    case "div class":
      return keep(true, cleanClasses(value, DIV_CLASSES));
    case "figure class":
      return keep(true, cleanClasses(value, FIGURE_CLASSES));
    case "div data-pair":
      return keep(new RegExp(`^${ID} ${ID}$`).test(value));
    case "div data-gallery":
      return keep(new RegExp(`^(?:${ID} ){2,11}${ID}$`).test(value));
    case "div data-embed":
      return keep(EMBED_RE.test(value));
    case "blockquote cite":
      // The quote's source: a web address only (never shown as a link, still never a script).
      return keep(/^https?:\/\//i.test(value.trim()) && isAllowedHref(value), value.trim());
    case "th colspan":
    case "th rowspan":
    case "td colspan":
    case "td rowspan":
      return keep(/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= TABLE_SPAN_MAX);
    case "th scope":
      return keep(["row", "col", "rowgroup", "colgroup"].includes(value));
    default:
      return null;
  }
}

const configured = new WeakSet<object>();

/** Browser side: DOMPurify with the same lists and the same attribute rule. */
export function purifyPostHtml(purify: DOMPurify, html: string): string {
  if (!configured.has(purify)) {
    configured.add(purify);
    purify.addHook("uponSanitizeAttribute", (node, data) => {
      const tag = node.nodeName.toLowerCase();
      if (!POST_ATTRIBUTES[tag]?.includes(data.attrName)) {
        data.keepAttr = false;
        return;
      }
      const cleaned = cleanAttribute(tag, data.attrName, data.attrValue);
      if (cleaned === null) data.keepAttr = false;
      else data.attrValue = cleaned;
    });
    purify.addHook("afterSanitizeAttributes", (node) => {
      const el = node as Element;
      if (el.nodeName === "IMG" && !el.getAttribute("src")) el.remove();
      if (el.nodeName === "A" && el.hasAttribute("href")) el.setAttribute("rel", "noopener noreferrer");
    });
  }
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...POST_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(POST_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: DROP_WITH_CONTENT,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}

/**
 * What the allowlist would drop from what the author wrote, named for the author (`<script>`,
 * `onclick on <p>`): the editor says so before saving (browser side, through DOMPurify's record).
 */
export function droppedByAllowlist(purify: DOMPurify, html: string): string[] {
  purifyPostHtml(purify, html);
  const names = new Set<string>();
  for (const removed of purify.removed) {
    if ("attribute" in removed && removed.attribute && removed.from)
      names.add(`${removed.attribute.name} on <${removed.from.nodeName.toLowerCase()}>`);
    else if ("element" in removed && removed.element?.nodeType === 1) {
      const tag = removed.element.nodeName.toLowerCase();
      // The document DOMPurify parses into, never something the author wrote.
      if (!["html", "head", "body"].includes(tag)) names.add(`<${tag}>`);
    }
  }
  return [...names];
}
