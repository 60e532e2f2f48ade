import { z } from "zod";
import { CURSOR_MESSAGE, LimitSchema } from "./page-query";

/**
 * GET /api/posts/:id/revisions: newest first, one page at a time. The cursor is the save order
 * of the last revision shown (revisions are ordered by it, not by time).
 */
export const RevisionListQuerySchema = z.strictObject({
  limit: LimitSchema.optional(),
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .regex(/^[1-9]\d{0,14}$/, CURSOR_MESSAGE)
    .transform(Number)
    .optional(),
});

/** GET /api/posts/:id/revisions/:revisionId: compared with the previous revision or the post now. */
export const RevisionCompareQuerySchema = z.strictObject({
  against: z
    .enum(["previous", "current"], { error: "against must be 'previous' or 'current'." })
    .default("previous"),
});

/** POST …/restore carries no data. */
export const RestoreRevisionBodySchema = z.strictObject({}).nullish();
