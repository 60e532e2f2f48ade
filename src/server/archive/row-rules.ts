import { z } from "zod";
import { POST_IMAGES_MAX_COUNT } from "../../common/limits";
import { normaliseCreateTag, normaliseEditTag } from "../../common/rules/hashtags";
import { isAllowedImageSrc } from "../../common/rules/post-html";
import { slugProblem } from "../../common/rules/slug";
import { PostImageSchema } from "../../common/schemas/post";
import { sanitizePostHtml } from "../content/sanitize";
import { slugFromTitle } from "../content/slugs";
import type { ArchiveRow } from "./tables";

/**
 * What an import applies to rows beyond their column types: the same rules as a write through the
 * API. Post content goes through the server's post-HTML allowlist (the editor's), hashtags through
 * the SPEC §5 edit rule, image entries must point at our uploads.
 */

const ImageList = z.array(PostImageSchema).max(POST_IMAGES_MAX_COUNT);

/** Tables whose `content` column is post HTML (revisions of a post are post HTML too). */
const POST_HTML_TABLES = /^(blog_posts|post_revisions|revisions)$/;

/**
 * HTML with each tag's attributes in sorted order and void tags written one way: two contents
 * with the same signature are the same markup (the sanitiser writes attributes in its own order).
 */
export function htmlSignature(html: string): string {
  return html.replace(
    /<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g,
    (_tag, name: string, attrs: string) => {
      const list = attrs.match(/[^\s=>/]+(?:="[^"]*")?/g) ?? [];
      return `<${name.toLowerCase()}${list
        .sort()
        .map((a) => ` ${a}`)
        .join("")}>`;
    },
  );
}

/** SPEC §5: a tag as the create rule or the edit rule leaves it is kept; anything else gets the create rule. */
const storedTag = (tag: string) =>
  normaliseCreateTag(tag) === tag || normaliseEditTag(tag) === tag ? tag : normaliseCreateTag(tag);

export interface RuleResult {
  values: ArchiveRow;
  /** The content changed under the allowlist (markup the editor does not produce was removed). */
  sanitised: boolean;
}

/** Apply the table's rules; a string is the problem that makes the row unacceptable. */
export function applyRowRules(table: string, row: ArchiveRow): RuleResult | string {
  const values = { ...row };
  let sanitised = false;
  if (POST_HTML_TABLES.test(table) && typeof values.content === "string") {
    const clean = sanitizePostHtml(values.content);
    sanitised = clean !== values.content && htmlSignature(clean) !== htmlSignature(values.content);
    values.content = clean;
  }
  // An archive from before post addresses (or with one this blog would refuse) gets a slug from
  // the title; the insert trigger makes it unique (docs/decisions/0033-post-addresses.md).
  if (table === "blog_posts" && typeof values.title === "string") {
    if (typeof values.slug !== "string" || slugProblem(values.slug))
      values.slug = slugFromTitle(values.title);
  }
  if (table === "blog_posts" || POST_HTML_TABLES.test(table)) {
    if ("images" in values) {
      const images = ImageList.safeParse(values.images ?? []);
      if (!images.success) return "its images are not valid image entries of this blog";
      const ids = new Set(images.data.map((i) => i.id));
      if (ids.size !== images.data.length) return "two of its images have the same id";
      for (const image of images.data)
        if (
          image.pairedWith !== null &&
          !images.data.some((o) => o.id === image.pairedWith && o.pairedWith === image.id)
        )
          return "an image is paired with an image that is not paired back";
      values.images = images.data;
    }
    if (typeof values.imageUrl === "string" && !isAllowedImageSrc(values.imageUrl))
      return "its thumbnail is not one of this blog's uploads";
    if (Array.isArray(values.hashtags))
      values.hashtags = [...new Set((values.hashtags as string[]).map(storedTag).filter(Boolean))];
  }
  if (table === "user") {
    if (typeof values.email === "string") values.email = values.email.trim().toLowerCase();
    if (typeof values.image === "string" && !isAllowedImageSrc(values.image)) values.image = null;
  }
  return { values, sanitised };
}
