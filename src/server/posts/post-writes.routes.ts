import type { FastifyInstance } from "fastify";
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
  POST_TITLE_MAX_LENGTH,
} from "../../common/limits";
import { canManagePost, canPublish } from "../../common/policies";
import { normaliseEditTag } from "../../common/rules/hashtags";
import { IMAGE_ID_PATTERN } from "../../common/rules/markers";
import { isAllowedImageSrc } from "../../common/rules/post-html";
import { checkPublishing, PostStatusSchema, PublishAtSchema } from "../../common/schemas/post-status";
import type { PostImage } from "../../common/types";
import { BODY_MUST_BE_OBJECT } from "../body-schema";
import type { AppContext } from "../context";
import { badRequest, forbidden, notFound } from "../errors";
import { requireAdmin } from "../plugins/auth";
import { addSrcset } from "../uploads/image-store";
import { parse } from "../validate";
import {
  deletePost,
  findPostForWrite,
  insertPost,
  type PostFields,
  updatePost,
} from "./post-writes.repository";
import { publishTime } from "./publish-time";
import { sanitizePostHtml } from "./sanitize";

// ---- Schemas (unknown fields rejected; SPEC §5: title and content required).

const text = (name: string, max: number, required: boolean) =>
  z
    .string({
      error: (iss) => (iss.input === undefined && required ? `${name} is required` : `${name} must be text`),
    })
    .max(max, `${name} must be at most ${max.toLocaleString("en")} characters`);

const imageId = z
  .string({ error: "Image ids must be text" })
  .regex(IMAGE_ID_PATTERN, "Image ids are letters, digits, '_' or '-'");

const pixels = z
  .number({ error: "Image width and height must be whole numbers of pixels" })
  .int("Image width and height must be whole numbers of pixels")
  .min(1, "Image width and height must be whole numbers of pixels")
  .max(100_000, "Image width and height must be whole numbers of pixels");

/** One SPEC §3 image entry of a post (also checked on archive import). */
export const ImageSchema = z.strictObject({
  id: imageId,
  url: z
    .string({ error: "Image urls must be text" })
    .max(300, "Image urls must be uploads under /uploads/blog-images/")
    .refine(isAllowedImageSrc, "Image urls must be uploads under /uploads/blog-images/"),
  position: z.enum(IMAGE_POSITIONS, { error: "Image position must be left, center, right or full" }),
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

const fields = {
  title: text("Title", POST_TITLE_MAX_LENGTH, true).trim().min(1, "Title is required"),
  content: text("Content", POST_CONTENT_MAX_LENGTH, true).refine(
    (s) => s.trim() !== "",
    "Content is required",
  ),
  excerpt: text("Excerpt", POST_EXCERPT_MAX_LENGTH, false).trim(),
  hashtags: z
    .array(text("Each hashtag", HASHTAG_MAX_LENGTH, false), { error: "Hashtags must be a list of text" })
    .max(HASHTAGS_MAX_COUNT, `At most ${HASHTAGS_MAX_COUNT} hashtags`),
  images: z
    .array(ImageSchema, { error: "Images must be a list" })
    .max(POST_IMAGES_MAX_COUNT, `At most ${POST_IMAGES_MAX_COUNT} images`),
  imageUrl: z.string({ error: "imageUrl must be text or null" }).max(300).nullable(),
};

/** status defaults to 'published' (the SPEC form publishes); see common/schemas/post-status.ts. */
export const CreatePostSchema = z
  .strictObject(
    {
      title: fields.title,
      content: fields.content,
      author: z.enum(AUTHORS, { error: "Author must be 'him' or 'her'" }),
      excerpt: fields.excerpt.default(""),
      hashtags: fields.hashtags.default([]),
      images: fields.images.default([]),
      imageUrl: fields.imageUrl.optional(),
      status: PostStatusSchema.optional(),
      publishAt: PublishAtSchema.optional(),
    },
    BODY_MUST_BE_OBJECT,
  )
  .superRefine(checkPublishing);

/**
 * An edit keeps the post's author (an author cannot hand a post to the other). `autosave: true`
 * marks the editor's periodic saves, whose revisions are coalesced (revisions.repository.ts).
 */
export const UpdatePostSchema = z
  .strictObject(
    {
      title: fields.title.optional(),
      content: fields.content.optional(),
      excerpt: fields.excerpt.optional(),
      hashtags: fields.hashtags.optional(),
      images: fields.images.optional(),
      imageUrl: fields.imageUrl.optional(),
      status: PostStatusSchema.optional(),
      publishAt: PublishAtSchema.optional(),
      autosave: z.boolean({ error: "autosave must be true or false" }).optional(),
    },
    BODY_MUST_BE_OBJECT,
  )
  .superRefine(checkPublishing);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const postNotFound = () => notFound("post", "Post not found");
const IdParams = z.object({ id: z.string() });

/** Images must be consistent: unique ids, pairs symmetric within the post, thumbnail one of them. */
function checkImages(images: PostImage[], imageUrl: string | null): void {
  const byId = new Map(images.map((i) => [i.id, i]));
  if (byId.size !== images.length) throw badRequest("Each image must have its own id.", "VALIDATION_ERROR");
  for (const image of images) {
    if (image.pairedWith === null) continue;
    const partner = byId.get(image.pairedWith);
    if (!partner || partner.id === image.id || partner.pairedWith !== image.id)
      throw badRequest(
        "A paired image must be paired with another image of this post, both ways.",
        "VALIDATION_ERROR",
      );
  }
  if (imageUrl !== null && !images.some((i) => i.url === imageUrl))
    throw badRequest("The thumbnail must be one of the post's images.", "VALIDATION_ERROR");
}

/** SPEC §5 hashtags as stored: the edit rule's canonical form (letters, digits, hyphens), no duplicates. */
const cleanTags = (tags: string[]) => [...new Set(tags.map(normaliseEditTag).filter(Boolean))];

async function cleanContent(ctx: AppContext, content: string): Promise<string> {
  const clean = sanitizePostHtml(content);
  // Content that was nothing but removed markup is no content.
  if (clean.replace(/<(?!img\b)[^>]*>/g, "").trim() === "")
    throw badRequest("Content is required", "VALIDATION_ERROR");
  return addSrcset(clean, ctx.storage);
}

export async function registerPostWritesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** POST /api/posts: an author publishes, as themself only. */
  app.post("/api/posts", async (request, reply) => {
    const viewer = await requireAdmin(ctx, request);
    const input = parse(CreatePostSchema, request.body);
    if (!canPublish(viewer) || viewer.authorKey !== input.author)
      throw forbidden("You can only publish posts as yourself.");
    // SPEC §4: on save the thumbnail is the chosen one, else the first image, else none.
    const imageUrl = input.imageUrl ?? input.images[0]?.url ?? null;
    checkImages(input.images, imageUrl);
    const now = ctx.now();
    const published = publishTime(input, null, now)!;
    const post = await insertPost(
      ctx.db,
      {
        title: input.title,
        content: await cleanContent(ctx, input.content),
        // Empty stays empty: readers apply the SPEC §5 fallback to the current content.
        excerpt: input.excerpt,
        hashtags: cleanTags(input.hashtags),
        images: input.images,
        imageUrl,
        author: input.author,
        ...published,
        createdBy: viewer.id,
      },
      { by: viewer.id, at: now, kind: "create" },
    );
    ctx.cache.invalidate();
    return reply.status(201).send(post);
  });

  /** PATCH /api/posts/:id: the account tied to the post's author edits it. */
  app.patch("/api/posts/:id", async (request) => {
    const viewer = await requireAdmin(ctx, request);
    const { id } = parse(IdParams, request.params);
    if (!UUID.test(id)) throw postNotFound();
    // A missing or null body is malformed, not an empty edit (which would still bump lastUpdated).
    const input = parse(UpdatePostSchema, request.body);
    const existing = await findPostForWrite(ctx.db, id);
    if (!existing) throw postNotFound();
    if (!canManagePost(viewer, existing)) throw forbidden("Only the post's author can edit it.");

    const images = input.images ?? existing.images;
    let imageUrl = input.imageUrl !== undefined ? input.imageUrl : existing.imageUrl;
    // A thumbnail whose image was removed falls back to the first remaining image.
    if (input.imageUrl === undefined && imageUrl !== null && !images.some((i) => i.url === imageUrl))
      imageUrl = images[0]?.url ?? null;
    if (input.imageUrl === undefined && imageUrl === null && input.images) imageUrl = images[0]?.url ?? null;
    checkImages(images, imageUrl);

    const changes: Partial<PostFields> = { images, imageUrl };
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = await cleanContent(ctx, input.content);
    if (input.excerpt !== undefined) changes.excerpt = input.excerpt;
    if (input.hashtags !== undefined) changes.hashtags = cleanTags(input.hashtags);
    const now = ctx.now();
    const published = publishTime(input, existing, now) ?? {};
    const post = await updatePost(
      ctx.db,
      id,
      { ...changes, ...published, lastUpdated: now },
      { by: viewer.id, at: now, kind: input.autosave ? "autosave" : "edit" },
    );
    if (!post) throw postNotFound();
    ctx.cache.invalidate();
    return post;
  });

  /** DELETE /api/posts/:id: the post, its likes and its comments, in one transaction. */
  app.delete("/api/posts/:id", async (request, reply) => {
    const viewer = await requireAdmin(ctx, request);
    const { id } = parse(IdParams, request.params);
    if (!UUID.test(id)) throw postNotFound();
    const existing = await findPostForWrite(ctx.db, id);
    if (!existing) throw postNotFound();
    if (!canManagePost(viewer, existing)) throw forbidden("Only the post's author can delete it.");
    if (!(await deletePost(ctx.db, id))) throw postNotFound();
    ctx.cache.invalidate();
    return reply.status(204).send();
  });
}
