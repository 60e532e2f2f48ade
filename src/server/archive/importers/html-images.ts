import { createHash } from "node:crypto";
import { imageTag } from "../../../common/rules/markers";
import type { PostImage } from "../../../common/types";

/** An image of imported HTML as copied into the archive, or null when its file is not here. */
export type StoreImage = (src: string) => Promise<{ url: string; width: number; height: number } | null>;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'" };
export const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, e: string) => ENTITIES[e]!);

/**
 * Replace every `<img>` of imported HTML with the editor's markup (and a SPEC §3 image entry)
 * when its file is here; an image that is not is left out.
 */
export async function rewriteImages(html: string, store: StoreImage) {
  const images: PostImage[] = [];
  let out = "";
  let last = 0;
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const tag = match[0];
    out += html.slice(last, match.index);
    last = match.index! + tag.length;
    const src = /\ssrc=["']([^"']+)["']/i.exec(tag)?.[1];
    const alt = decodeEntities(/\salt=["']([^"']*)["']/i.exec(tag)?.[1] ?? "");
    const stored = src ? await store(src) : null;
    if (!stored) continue;
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
  return { html: out + html.slice(last), images };
}

/** Point every `<img src>` at its copy here, keeping the tags (the original app's own markup). */
export async function rewriteSources(html: string, store: StoreImage): Promise<string> {
  const urls = new Map<string, string>();
  for (const match of html.matchAll(/<img\b[^>]*\ssrc=["']([^"']+)["']/gi)) {
    const src = match[1]!;
    if (urls.has(src)) continue;
    const stored = await store(src);
    // An image that is not here keeps its foreign src, which the allowlist then removes.
    if (stored) urls.set(src, stored.url);
  }
  return html.replace(
    /(<img\b[^>]*\ssrc=["'])([^"']+)(["'])/gi,
    (whole, a: string, src: string, b: string) => (urls.has(src) ? `${a}${urls.get(src)}${b}` : whole),
  );
}
