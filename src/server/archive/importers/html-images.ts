import { createHash } from "node:crypto";
import { imageTag } from "../../../common/rules/marker-html";
import type { PostImage } from "../../../common/types";
import { decodeEntities } from "./entities";

/** An image of imported HTML as copied into the archive, or null when its file is not here. */
export type StoreImage = (src: string) => Promise<{ url: string; width: number; height: number } | null>;

/**
 * What is left where an image was not found (the post stays readable): the image is
 * left out, and so is a link or image pair that held nothing else. The report names it per post.
 */
function tidy(html: string): string {
  return html
    .replace(/<a\b[^>]*>\s*<\/a>/gi, "")
    .replace(/<figure\b[^>]*>\s*<\/figure>/gi, "")
    .replace(/<p>\s*<\/p>/gi, "")
    .replace(/<div class="image-pair"[^>]*>((?:(?!<div\b)[\s\S])*?)<\/div>/gi, (whole, inner: string) =>
      (inner.match(/<img\b/gi) ?? []).length === 2 ? whole : inner,
    );
}

/**
 * Replace every `<img>` of imported HTML with the editor's markup (and a SPEC §3 image entry)
 * when its file is here; an image that is not is left out and its URL listed in `missing`.
 */
export async function rewriteImages(html: string, store: StoreImage) {
  const images: PostImage[] = [];
  const missing: string[] = [];
  let out = "";
  let last = 0;
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const tag = match[0];
    out += html.slice(last, match.index);
    last = match.index! + tag.length;
    const src = /\ssrc=["']([^"']+)["']/i.exec(tag)?.[1];
    const alt = decodeEntities(/\salt=["']([^"']*)["']/i.exec(tag)?.[1] ?? "");
    const stored = src ? await store(src) : null;
    if (!stored) {
      if (src) missing.push(decodeEntities(src));
      continue;
    }
    const known = images.find((i) => i.url === stored.url);
    if (known) {
      out += imageTag(known, alt);
      continue;
    }
    const image: PostImage = {
      id: `img${images.length + 1}${createHash("sha256").update(stored.url).digest("hex").slice(0, 8)}`,
      url: stored.url,
      position: "center",
      size: "large",
      pairedWith: null,
      width: stored.width,
      height: stored.height,
    };
    images.push(image);
    out += imageTag(image, alt);
  }
  out += html.slice(last);
  return { html: missing.length > 0 ? tidy(out) : out, images, missing };
}

/**
 * Point every `<img src>` at its copy here, keeping the tags (the original app's own markup); an
 * image whose file is not here is left out (listed in `missing`), not left pointing elsewhere.
 */
export async function rewriteSources(html: string, store: StoreImage) {
  const urls = new Map<string, string | null>();
  for (const match of html.matchAll(/<img\b[^>]*\ssrc=["']([^"']+)["']/gi)) {
    const src = match[1]!;
    if (!urls.has(src)) urls.set(src, (await store(src))?.url ?? null);
  }
  const missing = [...urls].filter(([, url]) => url === null).map(([src]) => decodeEntities(src));
  const out = html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc=["']([^"']+)["']/i.exec(tag)?.[1];
    const url = src ? urls.get(src) : null;
    if (!src || !url) return "";
    return tag.replace(/(\ssrc=["'])[^"']+(["'])/i, (_, a: string, b: string) => `${a}${url}${b}`);
  });
  return { html: missing.length > 0 ? tidy(out) : out, missing };
}
