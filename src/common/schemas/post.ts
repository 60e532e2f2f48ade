import { z } from "zod";
import {
  AUTHORS,
  HASHTAG_MAX_LENGTH,
  HASHTAGS_MAX_COUNT,
  IMAGE_ALT_MAX_LENGTH,
  IMAGE_CAPTION_MAX_LENGTH,
  IMAGE_POSITIONS,
  IMAGE_SIZES,
  POST_CONTENT_MAX_LENGTH,
  POST_EXCERPT_MAX_LENGTH,
  POST_IMAGES_MAX_COUNT,
  POST_SLUG_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from "../limits";
import { normaliseTagParam } from "../rules/hashtag-link";
import { normaliseCreateTag, normaliseEditTag } from "../rules/hashtags";
import { IMAGE_ID_PATTERN } from "../rules/markers";
import { isAllowedImageSrc } from "../rules/post-html";
import { SLUG_MESSAGES, slugProblem, tidySlug } from "../rules/slug";
import { strictBody } from "./body";
import { UUID_PATTERN } from "./id";
import { pageQueryShape } from "./page-query";
import { checkPublishing, PostStatusSchema, PublishAtSchema, PublishedAtSchema } from "./post-status";
import { singleLine } from "./text";

// The post contract (SPEC §3, §5: title and content required), parsed by the write routes and
// checked by the editor before it sends.

const text = (name: string, max: number, required: boolean) =>
  z
    .string({
      error: (iss) => (iss.input === undefined && required ? `${name} is required` : `${name} must be text`),
    })
    .max(max, `${name} must be at most ${max.toLocaleString("en")} characters`);

const imageId = z
  .string({ error: "Image ids must be text" })
  .regex(IMAGE_ID_PATTERN, "Image ids are letters, digits, '_' or '-'");

const PIXELS_MESSAGE = "Image width and height must be whole numbers of pixels";
const pixels = z
  .number({ error: PIXELS_MESSAGE })
  .int(PIXELS_MESSAGE)
  .min(1, PIXELS_MESSAGE)
  .max(100_000, PIXELS_MESSAGE);

const IMAGE_URL_MESSAGE = "Image urls must be uploads under /uploads/blog-images/";

export const PostImageSchema = z.strictObject({
  id: imageId,
  url: z
    .string({ error: "Image urls must be text" })
    .max(300, IMAGE_URL_MESSAGE)
    .refine(isAllowedImageSrc, IMAGE_URL_MESSAGE),
  position: z.enum(IMAGE_POSITIONS, { error: "Image position must be left, center, right, wide or full" }),
  size: z.enum(IMAGE_SIZES, { error: "Image size must be small, medium or large" }),
  pairedWith: imageId.nullable().default(null),
  alt: z
    .string({ error: "Image alt text must be text" })
    .max(IMAGE_ALT_MAX_LENGTH, `Image alt text must be at most ${IMAGE_ALT_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
  caption: z
    .string({ error: "Image captions must be text" })
    .max(IMAGE_CAPTION_MAX_LENGTH, `Image captions must be at most ${IMAGE_CAPTION_MAX_LENGTH} characters`)
    .optional(),
  width: pixels.optional(),
  height: pixels.optional(),
});

const rawHashtags = z
  .array(text("Each hashtag", HASHTAG_MAX_LENGTH, false).superRefine(singleLine("A hashtag")), {
    error: "Hashtags must be a list of text",
  })
  .max(HASHTAGS_MAX_COUNT, `At most ${HASHTAGS_MAX_COUNT} hashtags`);
/** SPEC §5: hashtags are stored as the create or the edit rule leaves them, empties and repeats dropped. */
const applyTagRule = (tags: string[], rule: (tag: string) => string) => [
  ...new Set(tags.map(rule).filter(Boolean)),
];
const hashtags = (rule: (tag: string) => string) => rawHashtags.transform((tags) => applyTagRule(tags, rule));

/** A post's address as the author typed it (tidied), judged by the slug rules (rules/slug.ts). */
export const SlugSchema = z
  .string({ error: "The address must be text" })
  .max(POST_SLUG_MAX_LENGTH * 4, SLUG_MESSAGES.tooLong)
  .transform((typed, ctx) => {
    const slug = tidySlug(typed);
    const problem = slugProblem(slug);
    if (!problem) return slug;
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  });

export const postFields = {
  title: text("Title", POST_TITLE_MAX_LENGTH, true)
    .trim()
    .min(1, "Title is required")
    .superRefine(singleLine("Title")),
  content: text("Content", POST_CONTENT_MAX_LENGTH, true).refine(
    (s) => s.trim() !== "",
    "Content is required",
  ),
  excerpt: text("Excerpt", POST_EXCERPT_MAX_LENGTH, false).trim().superRefine(singleLine("Excerpt")),
  images: z
    .array(PostImageSchema, { error: "Images must be a list" })
    .max(POST_IMAGES_MAX_COUNT, `At most ${POST_IMAGES_MAX_COUNT} images`),
  imageUrl: z.string({ error: "imageUrl must be text or null" }).max(300).nullable(),
  /** Email the post to the author's followers when it becomes public. */
  sendToFollowers: z.boolean({ error: "sendToFollowers must be true or false" }),
};

/** status defaults to 'published' (the SPEC form publishes); see ./post-status.ts. */
export const CreatePostSchema = strictBody({
  title: postFields.title,
  content: postFields.content,
  author: z.enum(AUTHORS, { error: "Author must be 'him' or 'her'" }),
  // Empty stays empty: readers apply the SPEC §5 fallback to the current content.
  excerpt: postFields.excerpt.default(""),
  // Left out: made from the title (server/content/slugs.ts).
  slug: SlugSchema.optional(),
  hashtags: hashtags(normaliseCreateTag).default([]),
  images: postFields.images.default([]),
  imageUrl: postFields.imageUrl.optional(),
  sendToFollowers: postFields.sendToFollowers.default(true),
  status: PostStatusSchema.optional(),
  publishAt: PublishAtSchema.optional(),
  /** A take of this two-takes post (docs/decisions/0046-two-takes.md): written as a draft. */
  pairId: z
    .string({ error: "pairId must be a two-takes post's id" })
    .regex(UUID_PATTERN, "pairId must be a two-takes post's id")
    .optional(),
}).superRefine(checkPublishing);

/**
 * An edit keeps the post's author (an author cannot hand a post to the other). `autosave: true`
 * marks the editor's periodic saves, whose revisions are coalesced (revisions.repository.ts).
 */
export const UpdatePostSchema = strictBody({
  title: postFields.title.optional(),
  content: postFields.content.optional(),
  excerpt: postFields.excerpt.optional(),
  slug: SlugSchema.optional(),
  hashtags: rawHashtags.optional(),
  images: postFields.images.optional(),
  imageUrl: postFields.imageUrl.optional(),
  sendToFollowers: postFields.sendToFollowers.optional(),
  status: PostStatusSchema.optional(),
  publishAt: PublishAtSchema.optional(),
  /** With status 'published': the post's new publish date (a time that has come). */
  publishedAt: PublishedAtSchema.optional(),
  autosave: z.boolean({ error: "autosave must be true or false" }).optional(),
  /**
   * The new-post form's own saves (its autosaved draft, then Publish): the post is still being
   * created, so SPEC §5's create rule keeps its hashtags' spaces, whether an autosave came first or not.
   */
  newPost: z.literal(true, { error: "newPost must be true" }).optional(),
})
  .superRefine(checkPublishing)
  .transform(({ newPost, hashtags, ...rest }) => ({
    ...rest,
    hashtags: hashtags && applyTagRule(hashtags, newPost ? normaliseCreateTag : normaliseEditTag),
  }));

const TAG_LENGTH_MESSAGE = `tag must be 1 to ${HASHTAG_MAX_LENGTH} characters.`;

/** `GET /api/posts`: one author's or one tag's posts, a page at a time. */
export const PostListQuerySchema = z.strictObject({
  author: z.enum(AUTHORS, { message: "author must be 'him' or 'her'." }).optional(),
  tag: z
    .string({ message: "tag must be text." })
    .max(HASHTAG_MAX_LENGTH * 2, `tag must be at most ${HASHTAG_MAX_LENGTH} characters.`)
    .transform((raw, ctx) => {
      const tag = normaliseTagParam(raw);
      if (tag) return tag;
      ctx.addIssue({ code: "custom", message: TAG_LENGTH_MESSAGE });
      return z.NEVER;
    })
    .optional(),
  ...pageQueryShape,
});
