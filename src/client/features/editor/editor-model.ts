import type { AuthorKey } from "../../../common/limits";
import { formatHashtags } from "../../../common/rules/hashtags";
import { rowRatios } from "../../../common/rules/image-sources";
import { htmlToMarkers, markersToHtml, savedAlts } from "../../../common/rules/marker-html";
import { type MarkerImage, thumbnailOnSave } from "../../../common/rules/markers";
import { paragraphsFromText } from "../../../common/rules/paragraphs";
import type { BlogPost, PostImage } from "../../../common/types";

/** SPEC §3 image entry while editing. */
export interface EditorImage extends MarkerImage {
  /** The picked file, until it is uploaded. */
  file: File | null;
  /** What the editor shows: an object URL for a new file, the stored URL otherwise. */
  previewUrl: string;
  /** SPEC §3 uploaded/original flag: true once the image is stored (always, for a saved post's images). */
  uploaded: boolean;
  /** Where in the content it was last inserted (SPEC §3 insertPosition). */
  insertPosition: number | null;
  /** A name to show: the file name, or the stored name. */
  name: string;
}

export interface EditorValue {
  title: string;
  author: AuthorKey;
  excerpt: string;
  /** The post's address `/post/{slug}`; '' leaves it to the server (made from the title). */
  slug: string;
  /** The comma-separated field. */
  hashtags: string;
  /** HTML with image markers. */
  content: string;
  images: EditorImage[];
  thumbnailId: string | null;
  /** Email the post to followers when it is published (a draft stored before it: true). */
  sendToFollowers?: boolean;
}

export const emptyEditorValue = (author: AuthorKey): EditorValue => ({
  title: "",
  author,
  excerpt: "",
  slug: "",
  hashtags: "",
  content: "",
  images: [],
  thumbnailId: null,
  sendToFollowers: true,
});

const randomId = () => `img-${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

export function imageFromFile(file: File): EditorImage {
  return {
    id: randomId(),
    url: "",
    position: "center",
    size: "medium",
    pairedWith: null,
    alt: null,
    caption: "",
    file,
    previewUrl: URL.createObjectURL(file),
    uploaded: false,
    insertPosition: null,
    name: file.name,
  };
}

/** SPEC §4: on loading an edit, saved image tags turn back into markers; images come back as entries. */
export function editorValueFromPost(post: BlogPost): EditorValue {
  const alts = savedAlts(post.content);
  const images: EditorImage[] = post.images.map((i) => ({
    ...i,
    // An image saved with its own alt text but none in the list (imports, the demo) keeps that
    // text; the post's title, the default alt, stays a default (nothing lost on save).
    alt: i.alt ?? (alts.has(i.id) && alts.get(i.id) !== post.title ? alts.get(i.id)! : null),
    file: null,
    previewUrl: i.url,
    uploaded: true,
    insertPosition: null,
    name: i.url.split("/").pop()?.replace(/^\d+_/, "") ?? i.id,
  }));
  return {
    title: post.title,
    author: post.author,
    excerpt: post.excerpt,
    slug: post.slug,
    hashtags: formatHashtags(post.hashtags),
    content: htmlToMarkers(post.content, new Set(post.images.map((i) => i.id))),
    images,
    thumbnailId: images.find((i) => i.url === post.imageUrl)?.id ?? null,
    sendToFollowers: post.sendToFollowers,
  };
}

/** The preview of an image not uploaded yet: a placeholder src the sanitiser admits, swapped afterwards. */
export const previewPlaceholder = (id: string) => `/uploads/blog-images/preview-${id}`;

export function previewHtml(value: EditorValue, purify: (html: string) => string): string {
  const html = markersToHtml(paragraphsFromText(value.content), value.images, {
    alt: () => value.title,
    src: (i) => (value.images.find((e) => e.id === i.id)?.uploaded ? i.url : previewPlaceholder(i.id)),
  });
  // A row (pair, gallery) as readers get it: equal heights, each image its ratio.
  let safe = rowRatios(purify(html));
  for (const image of value.images) {
    if (!image.uploaded)
      safe = safe.split(`src="${previewPlaceholder(image.id)}"`).join(`src="${image.previewUrl}"`);
  }
  return safe;
}

/** The stored images (urls filled in after upload) and the HTML of the content. */
export function savedContent(value: EditorValue, urls: Map<string, string>) {
  const images: PostImage[] = value.images.map((i) => ({
    id: i.id,
    url: i.uploaded ? i.url : (urls.get(i.id) ?? ""),
    position: i.position,
    size: i.size,
    pairedWith: i.pairedWith,
    // Only what was set, so saving an unchanged post stores the same images.
    ...(i.alt != null ? { alt: i.alt } : {}),
    ...(i.caption?.trim() ? { caption: i.caption.trim() } : {}),
    ...(i.width && i.height ? { width: i.width, height: i.height } : {}),
  }));
  return {
    images,
    // Writing without tags: the same paragraphs the preview shows.
    content: markersToHtml(paragraphsFromText(value.content), images, { alt: () => value.title }),
    // SPEC §4: on save the thumbnail is the chosen one, else the first image, else none.
    imageUrl: thumbnailOnSave(value.thumbnailId, images),
  };
}

export const isBlank = (value: EditorValue) =>
  !value.title.trim() &&
  !value.content.trim() &&
  !value.excerpt.trim() &&
  !value.hashtags.trim() &&
  value.images.length === 0;

/** Whether two values hold the same work (an upload finishing changes the image entries only). */
export function sameWork(a: EditorValue, b: EditorValue | null): boolean {
  if (a === b) return true;
  if (!b) return false;
  const key = (v: EditorValue) =>
    JSON.stringify({
      ...v,
      images: v.images.map(({ file: _f, previewUrl: _p, uploaded: _u, url: _url, ...rest }) => rest),
    });
  return key(a) === key(b);
}
