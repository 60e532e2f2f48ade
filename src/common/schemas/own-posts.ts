import { z } from "zod";
import { POST_TITLE_MAX_LENGTH } from "../limits";
import { pageQueryShape } from "./page-query";

/** The Posts page's filters: all, or one status as a person sees it. */
export const OWN_POST_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type OwnPostFilter = (typeof OWN_POST_FILTERS)[number];

/** `GET /api/me/posts`: the author's posts by status and words of the title, a page at a time. */
export const OwnPostsQuerySchema = z.strictObject({
  status: z
    .enum(OWN_POST_FILTERS, { message: "status must be 'all', 'draft', 'scheduled' or 'published'." })
    .optional(),
  q: z
    .string({ message: "q must be text." })
    .max(POST_TITLE_MAX_LENGTH, `q must be at most ${POST_TITLE_MAX_LENGTH} characters.`)
    .transform((s) => s.trim())
    .optional(),
  ...pageQueryShape,
});
