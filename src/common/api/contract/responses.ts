import { z } from "zod";
import type { Comment, LikeState } from "../../engagement";
import { AUTHORS, IMAGE_POSITIONS, IMAGE_SIZES, POST_STATUSES } from "../../limits";
import type { SitePage } from "../../site-pages";
import type { AuthorProfile, BlogPost, BlogPostCard, PostReading, SearchHit } from "../../types";

// The answers of the Content API as schemas, for the OpenAPI document only: each is checked
// against the TypeScript type the server builds (`satisfies`), never used to serialise.

const time = () => z.string().describe("An ISO 8601 instant.");
const author = z.enum(AUTHORS);

export const PageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last."),
  });

const PostImage = z.object({
  id: z.string(),
  url: z.string(),
  position: z.enum(IMAGE_POSITIONS),
  size: z.enum(IMAGE_SIZES),
  pairedWith: z.string().nullable(),
  alt: z.string().nullable().optional(),
  caption: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

const postFields = {
  id: z.string(),
  slug: z.string().describe("The post's address: /post/{slug}."),
  title: z.string(),
  excerpt: z.string(),
  author,
  date: time().describe("The publish time."),
  status: z.enum(POST_STATUSES),
  imageUrl: z.string().nullable(),
  hashtags: z.array(z.string()),
  likes: z.number(),
  lastUpdated: time().nullable(),
};

export const BlogPostCardSchema = z.object({
  ...postFields,
  imageWidth: z.number().nullable(),
  imageHeight: z.number().nullable(),
  authorName: z.string(),
}) satisfies z.ZodType<BlogPostCard>;

export const BlogPostSchema = z.object({
  ...postFields,
  content: z.string().describe("The post's HTML, sanitised."),
  images: z.array(PostImage),
  sendToFollowers: z.boolean(),
}) satisfies z.ZodType<BlogPost>;

const TextPart = z.object({ text: z.string(), match: z.literal(true).optional() });
export const SearchHitSchema = z.object({
  post: BlogPostCardSchema,
  title: z.array(TextPart),
  snippet: z.array(TextPart),
}) satisfies z.ZodType<SearchHit>;

export const AuthorProfileSchema = z.object({
  author,
  name: z.string(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
  photoWidth: z.number().nullable(),
}) satisfies z.ZodType<AuthorProfile>;

const Neighbour = z.object({ id: z.string(), slug: z.string(), title: z.string(), date: time() });
export const PostReadingSchema = z.object({
  postId: z.string(),
  readingMinutes: z.number(),
  author: AuthorProfileSchema,
  previous: Neighbour.nullable(),
  next: Neighbour.nullable(),
  socialWeb: z
    .object({ likes: z.number(), boosts: z.number(), names: z.array(z.string()) })
    .nullable()
    .optional(),
  bluesky: z.object({ likes: z.number(), reposts: z.number() }).optional(),
  pair: z
    .object({
      id: z.string(),
      topic: z.string(),
      prompt: z.string(),
      takes: z.array(z.object({ post: BlogPostSchema, author: AuthorProfileSchema })),
    })
    .nullable()
    .optional()
    .describe("A take of a revealed two-takes post: the topic, the prompt and both takes."),
  mentions: z
    .array(
      z.object({
        id: z.string(),
        authorName: z.string().nullable(),
        authorUrl: z.string().nullable(),
        authorPhoto: z.string().nullable(),
        source: z.string(),
        excerpt: z.string(),
        date: time(),
      }),
    )
    .optional()
    .describe("Other sites' Webmentions that are not replies, newest first (at most 50)."),
  sealedTake: z
    .literal(true)
    .optional()
    .describe("The author's preview of a take not yet revealed: it cannot be published alone."),
}) satisfies z.ZodType<PostReading>;

const commentFields = {
  id: z.string(),
  postId: z.string(),
  author: z.string().describe("The commenter's email prefix."),
  isAuthor: z.boolean(),
  content: z.string(),
  userId: z.string(),
  timestamp: time(),
  parentId: z.string().nullable(),
  replyTo: z.object({ id: z.string(), author: z.string() }).nullable(),
  deleted: z.boolean(),
  hidden: z.boolean(),
  held: z.boolean(),
};
export const CommentSchema = z.object({
  ...commentFields,
  replies: z.array(z.object(commentFields)).optional().describe("Replies, oldest first (one level)."),
}) satisfies z.ZodType<Comment>;

export const LikeStateSchema = z.object({
  liked: z.boolean(),
  likes: z.number(),
}) satisfies z.ZodType<LikeState>;

export const SitePageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  images: z.array(PostImage),
  updatedAt: time().nullable(),
}) satisfies z.ZodType<SitePage>;
