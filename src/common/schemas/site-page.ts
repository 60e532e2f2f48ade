import { z } from "zod";
import { POST_IMAGES_MAX_COUNT } from "../limits";
import {
  PAGE_CONTENT_MAX_LENGTH,
  PAGE_PLACEMENTS,
  PAGE_SLUG_MAX_LENGTH,
  PAGE_SLUG_PATTERN,
  PAGE_TITLE_MAX_LENGTH,
} from "../site-pages";
import { strictBody } from "./body";
import { PostImageSchema } from "./post";
import { singleLine } from "./text";

// The page contract, parsed by the page routes and checked by the studio before it sends.

export const PAGE_MESSAGES = {
  slug: `The address must be 1 to ${PAGE_SLUG_MAX_LENGTH} lower-case letters, digits or single hyphens (like 'about-us').`,
  reserved: "That address is reserved for the site's own pages. Please choose another.",
  taken: "A page with this address already exists.",
  builtIn: "The Privacy Policy and Terms of Service keep their addresses and stay published.",
  tooMany: "There are already too many pages. Delete one first.",
} as const;

const text = (name: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `${name} is required` : `${name} must be text`) })
    .max(max, `${name} must be at most ${max.toLocaleString("en")} characters`);

export const PageSlugSchema = z
  .string({ error: PAGE_MESSAGES.slug })
  .max(PAGE_SLUG_MAX_LENGTH, PAGE_MESSAGES.slug)
  .regex(PAGE_SLUG_PATTERN, PAGE_MESSAGES.slug);

const fields = {
  title: text("Title", PAGE_TITLE_MAX_LENGTH)
    .trim()
    .min(1, "Title is required")
    .superRefine(singleLine("Title")),
  slug: PageSlugSchema,
  content: text("Content", PAGE_CONTENT_MAX_LENGTH).refine((s) => s.trim() !== "", "Content is required"),
  images: z
    .array(PostImageSchema, { error: "Images must be a list" })
    .max(POST_IMAGES_MAX_COUNT, `At most ${POST_IMAGES_MAX_COUNT} images`),
  published: z.boolean({ error: "published must be true or false" }),
  placement: z.enum(PAGE_PLACEMENTS, { error: "placement must be 'none', 'nav' or 'footer'" }),
  position: z
    .number({ error: "position must be a whole number from 0 to 999" })
    .int("position must be a whole number from 0 to 999")
    .min(0, "position must be a whole number from 0 to 999")
    .max(999, "position must be a whole number from 0 to 999"),
};

export const CreatePageSchema = strictBody({
  title: fields.title,
  slug: fields.slug,
  content: fields.content,
  images: fields.images.default([]),
  published: fields.published.default(false),
  placement: fields.placement.default("none"),
  position: fields.position.default(0),
});
export type CreatePageInput = z.input<typeof CreatePageSchema>;

export const UpdatePageSchema = strictBody({
  title: fields.title.optional(),
  slug: fields.slug.optional(),
  content: fields.content.optional(),
  images: fields.images.optional(),
  published: fields.published.optional(),
  placement: fields.placement.optional(),
  position: fields.position.optional(),
});
export type UpdatePageInput = z.input<typeof UpdatePageSchema>;
