import sanitizeHtml from "sanitize-html";
import { POST_TAGS } from "../../../common/rules/post-html";
import type { PostImage } from "../../../common/types";
import { sanitizePostHtml } from "../../content/sanitize";
import { COLORS } from "./letter-style";

// A post's stored HTML (already sanitised to the editor's allowlist) as the newsletter shows it:
// text runs with inline styles, and every image, figure and pair on its own so the letter can lay
// them out with react-email's rows and columns. Images point at their mail variant (mail-images.ts).

export interface MailImage {
  src: string;
  alt: string;
  caption: string;
  /** Shown width in CSS pixels (the variant itself is at most 600 px wide). */
  width: number;
  height: number | null;
}

export type PostBlock =
  | { kind: "text"; html: string }
  | { kind: "image"; image: MailImage }
  | { kind: "pair"; images: MailImage[] };

/** Shown widths: a lone image by its size class, each of a pair half the 544 px column. */
const WIDTH_OF_SIZE: Record<string, number> = { small: 260, medium: 400, large: 544, full: 544 };
export const PAIR_IMAGE_WIDTH = 264;

const UPLOAD = /^\/uploads\/(blog-images\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;

/** The mail variant (JPEG or PNG, at most 600 px wide) of one of our uploads; null for anything else. */
export function mailImageUrl(publicUrl: string, url: string | null | undefined): string | null {
  const key = url ? UPLOAD.exec(url)?.[1] : undefined;
  if (!key || key.includes("..")) return null;
  return `${publicUrl}/mail-images/${key}`;
}

const PIECES =
  /<div\b[^>]*\bdata-pair="[^"]*"[^>]*>[\s\S]*?<\/div>|<figure\b[^>]*>[\s\S]*?<\/figure>|<img\b[^>]*>/g;
const ONE_IMAGE = /<figure\b[^>]*>[\s\S]*?<\/figure>|<img\b[^>]*>/g;

const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeHtml(m[1]!) : null;
};

function mailImage(piece: string, images: Map<string, PostImage>, publicUrl: string, inPair: boolean) {
  const tag = /<img\b[^>]*>/.exec(piece)?.[0] ?? "";
  const src = mailImageUrl(publicUrl, attr(tag, "src"));
  if (!src) return null;
  const known = images.get(attr(tag, "data-image-id") ?? "");
  const natural = known?.width ?? Number(attr(tag, "width") ?? 0);
  const naturalHeight = known?.height ?? Number(attr(tag, "height") ?? 0);
  const size = /post-image--(small|medium|large|full)/.exec(attr(tag, "class") ?? "")?.[1] ?? "large";
  const cap = inPair ? PAIR_IMAGE_WIDTH : (WIDTH_OF_SIZE[size] ?? 544);
  const width = natural > 0 ? Math.min(cap, natural) : cap;
  const caption = /<figcaption>([\s\S]*?)<\/figcaption>/.exec(piece)?.[1];
  return {
    src,
    alt: attr(tag, "alt") ?? "",
    caption: caption ? unescapeHtml(caption.replace(/<[^>]*>/g, "")) : "",
    width,
    height: natural > 0 && naturalHeight > 0 ? Math.round((naturalHeight * width) / natural) : null,
  } satisfies MailImage;
}

const style = (s: string) => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: { ...attribs, style: s },
});

/** A table cell with its spans kept, aligned left and top as on the page. */
const cell = (s: string) => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
  tagName,
  attribs: {
    ...(attribs.colspan ? { colspan: attribs.colspan } : {}),
    ...(attribs.rowspan ? { rowspan: attribs.rowspan } : {}),
    ...(attribs.scope ? { scope: attribs.scope } : {}),
    align: "left",
    valign: "top",
    style: `padding:8px;text-align:left;vertical-align:top;${s}`,
  },
});

/** Inline styles for the toolbar's tags (on sanitised HTML); links made absolute (mail has no base URL). */
function styledText(html: string, publicUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...POST_TAGS, "ol"],
    allowedAttributes: {
      ...Object.fromEntries(
        ["a", "span", "p", "h2", "h3", "blockquote", "ul", "ol", "li"].map((t) => [
          t,
          t === "a" ? ["href", "style"] : ["style"],
        ]),
      ),
      table: ["width", "cellpadding", "cellspacing", "border", "style"],
      th: ["colspan", "rowspan", "scope", "align", "valign", "style"],
      td: ["colspan", "rowspan", "align", "valign", "style"],
    },
    transformTags: {
      p: style("margin:0 0 16px;font-size:17px;line-height:1.6"),
      h2: style("margin:28px 0 10px;font-size:23px;line-height:1.3"),
      h3: style("margin:24px 0 8px;font-size:19px;line-height:1.3"),
      blockquote: style(
        `margin:0 0 16px;padding:2px 0 2px 16px;border-left:3px solid ${COLORS.accent};color:${COLORS.muted};font-style:italic;font-size:17px;line-height:1.6`,
      ),
      ul: style("margin:0 0 16px;padding-left:24px;font-size:17px;line-height:1.6"),
      ol: style("margin:0 0 16px;padding-left:24px;font-size:17px;line-height:1.6"),
      li: style("margin:0 0 6px"),
      // Tables as mail apps draw them: the HTML attributes older clients read, and inline styles
      // (no stylesheet, no thead styling, which Outlook ignores).
      table: (tagName) => ({
        tagName,
        attribs: {
          width: "100%",
          cellpadding: "8",
          cellspacing: "0",
          border: "0",
          style: `border-collapse:collapse;margin:0 0 16px;font-size:15px;line-height:1.5;border:1px solid ${COLORS.muted}`,
        },
      }),
      th: cell(`font-weight:bold;border:1px solid ${COLORS.muted}`),
      td: cell(`border:1px solid ${COLORS.muted}`),
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          href: attribs.href?.startsWith("/") ? `${publicUrl}${attribs.href}` : (attribs.href ?? ""),
          style: `color:${COLORS.accent};text-decoration:underline`,
        },
      }),
    },
  });
}

const isBlank = (html: string) => html.replace(/<(?!img)[^>]*>|&nbsp;|\s/g, "") === "";

/** The post's content as blocks, in order. */
export function postBlocks(content: string, images: readonly PostImage[], publicUrl: string): PostBlock[] {
  const byId = new Map(images.map((i) => [i.id, i]));
  // Stored content is already clean; cleaning again keeps the letter safe whatever wrote the row.
  content = sanitizePostHtml(content);
  const blocks: PostBlock[] = [];
  const pushText = (html: string) => {
    const styled = styledText(html, publicUrl);
    if (!isBlank(styled)) blocks.push({ kind: "text", html: styled });
  };
  let at = 0;
  for (const match of content.matchAll(PIECES)) {
    pushText(content.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[0].startsWith("<div")) {
      const pair = [...match[0].matchAll(ONE_IMAGE)]
        .map((m) => mailImage(m[0], byId, publicUrl, true))
        .filter((i) => i !== null);
      if (pair.length === 2) blocks.push({ kind: "pair", images: pair });
      else for (const image of pair) blocks.push({ kind: "image", image });
    } else {
      const image = mailImage(match[0], byId, publicUrl, false);
      if (image) blocks.push({ kind: "image", image });
    }
  }
  pushText(content.slice(at));
  return blocks;
}

/**
 * The thumbnail as the post page's feature image: shown above the text only when the author kept
 * it out of the text (the blog's rule, feature-image.tsx), so no picture comes twice.
 */
export function featureBlock(
  post: { title: string; content: string; imageUrl?: string | null; images?: readonly PostImage[] },
  publicUrl: string,
): PostBlock | null {
  const url = post.imageUrl;
  const src = mailImageUrl(publicUrl, url);
  if (!url || !src) return null;
  const entries = (post.images ?? []).filter((i) => i.url === url);
  if (post.content.includes(`src="${url}"`)) return null;
  if (entries.some((i) => post.content.includes(`data-image-id="${i.id}"`))) return null;
  const entry = entries[0];
  const width = Math.min(WIDTH_OF_SIZE.large!, entry?.width ?? WIDTH_OF_SIZE.large!);
  const height = entry?.width && entry.height ? Math.round((entry.height * width) / entry.width) : null;
  return {
    kind: "image",
    image: { src, alt: entry ? (entry.alt ?? post.title) : "", caption: "", width, height },
  };
}
