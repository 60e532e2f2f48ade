import { z } from "zod";
import { PageQuerySchema } from "./page-query";

/**
 * GET /api/posts/:id/revisions: newest first, one page at a time, with the list contract of every
 * other list (the server's cursor holds the save order: src/server/pagination.ts).
 */
export const RevisionListQuerySchema = PageQuerySchema;

/** GET /api/posts/:id/revisions/:revisionId: compared with the previous revision or the post now. */
export const RevisionCompareQuerySchema = z.strictObject({
  against: z
    .enum(["previous", "current"], { error: "against must be 'previous' or 'current'." })
    .default("previous"),
});
