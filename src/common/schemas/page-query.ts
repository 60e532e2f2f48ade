import { z } from "zod";
import { PAGE_SIZE_MAX } from "../limits";

// One list contract for posts, comments and the inbox: the same limit and cursor rules and messages.
export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;
export const CURSOR_MESSAGE = "cursor is not valid.";
export const CURSOR_MAX_LENGTH = 200;

/** `?limit=` as a query string carries it: 1–3 digits within the page size. */
export const LimitSchema = z
  .string({ message: LIMIT_MESSAGE })
  .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(1, LIMIT_MESSAGE).max(PAGE_SIZE_MAX, LIMIT_MESSAGE));

/** `?cursor=` is opaque to clients: the server decodes (and refuses) it. */
export const CursorSchema = z
  .string({ message: CURSOR_MESSAGE })
  .max(CURSOR_MAX_LENGTH, CURSOR_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE);

export const pageQueryShape = { limit: LimitSchema.optional(), cursor: CursorSchema.optional() };

/** The query of a list with no filter (comments, inbox); unknown fields refused. */
export const PageQuerySchema = z.strictObject(pageQueryShape);
