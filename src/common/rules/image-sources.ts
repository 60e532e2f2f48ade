/**
 * Responsive images (ARCHITECTURE "Front end": width/height and srcset over the stored WebP
 * variants). Every upload is stored with WebP variants `{url}.{w}w.webp` for each width of
 * VARIANT_WIDTHS below its own width (server/content/image-store.ts makes them; the backfill makes
 * them for older images), so the variants of an image follow from its width alone.
 */
import type { PostImage } from "../types";

export const VARIANT_WIDTHS = [480, 960, 1600] as const;

const UPLOAD = /^\/uploads\/blog-images\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const variantUrl = (url: string, width: number): string => `${url}.${width}w.webp`;

/** `{variant} 480w, …, {original} {width}w`; empty when the image is not one of our uploads. */
export function imageSrcset(url: string, width: number | null | undefined): string {
  if (!width || !UPLOAD.test(url) || url.includes("..")) return "";
  const variants = VARIANT_WIDTHS.filter((w) => w < width).map((w) => `${variantUrl(url, w)} ${w}w`);
  return [...variants, `${url} ${width}w`].join(", ");
}

/**
 * `sizes` of each place an image is shown, matching the CSS: cards in the post grid (one column
 * on a phone, up to three of ~360px on the 1100px page), content images in the ~760px column,
 * author photos as the circles of reading.css (byline 2.75rem; end card 4.5rem, 3.5rem ≤ 520px).
 */
export const IMAGE_SIZES = {
  card: "(max-width: 600px) 100vw, (max-width: 1100px) 50vw, 360px",
  content: "(max-width: 800px) 100vw, 760px",
  small: "(max-width: 600px) 60vw, 260px",
  // A row shares the width on a phone too (post-images.css): the wider of a pair rarely passes 60vw.
  pair: "(max-width: 600px) 60vw, 380px",
  avatarSmall: "44px",
  avatarLarge: "(max-width: 520px) 56px, 72px",
} as const;

/** How an image loads: the first one a reader sees first, every other one when it comes near. */
export interface LoadingAttributes {
  loading: "eager" | "lazy";
  fetchpriority?: "high";
  decoding: "async";
}

export const loadingFor = (priority: boolean): LoadingAttributes =>
  priority
    ? { loading: "eager", fetchpriority: "high", decoding: "async" }
    : { loading: "lazy", decoding: "async" };

const ID = "[A-Za-z0-9_-]{1,64}";
const IMG = /<img\b[^>]*>/g;
/** A row of images: a pair or a gallery. */
const ROW_BLOCK = new RegExp(
  `<div\\b[^>]*\\bdata-(?:pair|gallery)="${ID}(?: ${ID}){1,11}"[^>]*>[\\s\\S]*?</div>`,
  "g",
);
const ROW_ITEM = /(<figure\b[^>]*)(>\s*<img\b[^>]*>)|<img\b[^>]*>/g;
/** The same height every pair image is scaled to (markers.ts): the row keeps both ratios. */
const PAIR_ROW_HEIGHT = 1000;

const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const withoutAttrs = (tag: string, names: string[]) =>
  tag.replace(new RegExp(`\\s(?:${names.join("|")})="[^"]*"`, "g"), "");

/** One content image: its size from the post's image list, srcset/sizes, and how it loads. */
function enhanceTag(tag: string, byId: Map<string, PostImage>, inPair: boolean, priority: boolean): string {
  const image = byId.get(attr(tag, "data-image-id") ?? "");
  const src = attr(tag, "src") ?? "";
  const add: Record<string, string> = {};
  if (image?.width && image.height && !(attr(tag, "width") && attr(tag, "height"))) {
    add.width = String(inPair ? Math.round((image.width / image.height) * PAIR_ROW_HEIGHT) : image.width);
    add.height = String(inPair ? PAIR_ROW_HEIGHT : image.height);
  }
  // The original's true width is the image list's; without it a saved srcset (write time) stays.
  const srcset = image?.width ? imageSrcset(src, image.width) : "";
  const cls = attr(tag, "class") ?? "";
  if (srcset) {
    add.srcset = srcset;
    add.sizes = inPair
      ? IMAGE_SIZES.pair
      : cls.includes("post-image--small")
        ? IMAGE_SIZES.small
        : IMAGE_SIZES.content;
  }
  Object.assign(add, loadingFor(priority));
  const drop = ["loading", "decoding", "fetchpriority", ...(srcset ? ["srcset", "sizes"] : [])];
  const extra = Object.entries(add)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join("");
  return withoutAttrs(tag, drop).replace(/\s*\/?>$/, `${extra}>`);
}

/**
 * Post HTML as readers get it, after the sanitiser (both sides run this on its output, so the
 * server's rendering and the hydrated page are the same markup): every image carries its width
 * and height, srcset/sizes over the WebP variants, and `loading` — the first eager with
 * fetchpriority high when `priorityFirst` (it is the page's first image), the others lazy.
 */
export function enhancePostImages(
  html: string,
  images: readonly PostImage[],
  { priorityFirst }: { priorityFirst: boolean },
): string {
  if (!html.includes("<img")) return html;
  const byId = new Map(images.map((i) => [i.id, i]));
  let index = 0;
  const one = (tag: string, inPair: boolean) => enhanceTag(tag, byId, inPair, priorityFirst && index++ === 0);
  // A pair's images are sized as a row; the rest one by one, all in document order.
  const pairs = [...html.matchAll(ROW_BLOCK)].map((m) => [m.index, m.index + m[0].length] as const);
  const sized = html.replace(IMG, (tag, at: number) =>
    one(
      tag,
      pairs.some(([start, end]) => at > start && at < end),
    ),
  );
  return pairs.length ? rowRatios(sized) : sized;
}

/** Every row of the HTML sized by its images' ratios (the editor's preview uses it too). */
export const rowRatios = (html: string) => html.replace(ROW_BLOCK, withRowRatios);

/** width / height of an image tag (1 when unknown), rounded for a short attribute. */
function ratioOf(tag: string): number {
  const w = Number(attr(tag, "width"));
  const h = Number(attr(tag, "height"));
  return w > 0 && h > 0 ? Math.round((w / h) * 1000) / 1000 : 1;
}

/**
 * A row (pair or gallery) of equal height, each image keeping its ratio, captions aligned under
 * each: every item grows in proportion to its ratio (`--ratio`, read by post-images.css),
 * so the widths share the row as the ratios do and the heights come out equal. Written after the
 * sanitiser, from the sizes the server knows: no reader JavaScript.
 */
function withRowRatios(block: string): string {
  return block.replace(ROW_ITEM, (whole, figureOpen?: string, rest?: string) =>
    figureOpen && rest
      ? `${figureOpen} style="--ratio:${ratioOf(rest)}"${rest}`
      : whole.replace(/^<img\b/, `<img style="--ratio:${ratioOf(whole)}"`),
  );
}
