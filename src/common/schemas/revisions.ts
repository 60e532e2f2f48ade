import { z } from "zod";
import { PAGE_SIZE_MAX } from "../limits";

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;
const CURSOR_MESSAGE = "cursor is not valid.";

/** GET /api/posts/:id/revisions: newest first, one page at a time. */
export const RevisionListQuerySchema = z.strictObject({
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(PAGE_SIZE_MAX, LIMIT_MESSAGE))
    .optional(),
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
