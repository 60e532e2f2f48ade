import { z } from "zod";
import { AUDIENCE_TEXT, FOLLOWER_STATUSES, IMPORT_MAX_CHARS } from "../audience-page";
import { strictBody } from "./body";
import { isId } from "./id";

/** GET /api/audience/followers: search by address, filter by status, page by offset. */
export const AudienceQuerySchema = z.strictObject({
  q: z.string({ message: "q must be text." }).trim().max(254, "q must be at most 254 characters.").optional(),
  status: z
    .enum(FOLLOWER_STATUSES, { message: "status must be pending, active, bouncing or unsubscribed." })
    .optional(),
  offset: z.coerce
    .number({ message: "offset must be a whole number." })
    .int("offset must be a whole number.")
    .min(0, "offset must be a whole number.")
    .max(1_000_000, "offset is too large.")
    .optional(),
});

/** POST /api/audience/import: the CSV's text; `confirmed`: the author says they agreed elsewhere. */
export const ImportBodySchema = strictBody({
  csv: z
    .string({ message: "csv must be text." })
    .max(IMPORT_MAX_CHARS, `The CSV must be at most ${IMPORT_MAX_CHARS.toLocaleString("en")} characters.`),
  confirmed: z.boolean({ message: "confirmed must be true or false." }).default(false),
});

/** POST /api/audience/test-email: the post whose follower email the author wants to see. */
export const TestEmailBodySchema = strictBody({
  postId: z.string({ message: "postId must be text." }).refine(isId, AUDIENCE_TEXT.postNotFound),
});
