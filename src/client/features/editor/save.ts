import type { PostBody } from "./api/create-post";
import { uploadImages } from "./api/upload-images";
import { type EditorImage, type EditorValue, savedContent } from "./editor-model";

/** Upload the images picked since the last save, then build the body the API takes. */
export async function prepareBody(
  value: EditorValue,
  parseHashtags: (input: string) => string[],
): Promise<{ body: PostBody; images: EditorImage[] }> {
  const pending = value.images.filter((i) => !i.uploaded && i.file);
  const urls = new Map<string, string>();
  if (pending.length > 0) {
    const uploaded = await uploadImages(pending.map((i) => i.file!));
    pending.forEach((image, n) => {
      const url = uploaded[n]?.url;
      if (url) urls.set(image.id, url);
    });
  }
  const saved = savedContent(value, urls);
  // Once uploaded, a retry after a failed save does not upload the same files again.
  const images = value.images.map((i) =>
    urls.has(i.id)
      ? { ...i, url: urls.get(i.id)!, uploaded: true, file: null, previewUrl: urls.get(i.id)! }
      : i,
  );
  return {
    body: {
      title: value.title.trim(),
      content: saved.content,
      excerpt: value.excerpt.trim(),
      // Left empty: the server makes it from the title (and keeps a published post's own).
      ...(value.slug.trim() ? { slug: value.slug.trim() } : {}),
      hashtags: parseHashtags(value.hashtags),
      images: saved.images,
      imageUrl: saved.imageUrl,
      sendToFollowers: value.sendToFollowers !== false,
    },
    images,
  };
}
