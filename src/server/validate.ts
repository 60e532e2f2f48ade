import type { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../common/error-codes";
import { type AppError, badRequest, invalid } from "./errors";

/**
 * Parse request input with a shared schema (src/common/schemas); the first problem becomes a clear
 * 400 with code VALIDATION_ERROR, or the code `codes` gives its message.
 */
export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  codes: Readonly<Record<string, ErrorCode>> = {},
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error, codes);
}

/** The 400 of a failed parse: the first problem, as `parse()` and the endpoint table's routes answer it. */
export function validationError(
  error: z.ZodError,
  codes: Readonly<Record<string, ErrorCode>> = {},
): AppError {
  const issue = error.issues[0];
  if (!issue) return invalid("The request is not valid.");
  const where = issue.path.length > 0 ? issue.path.join(".") : "";
  // Schemas give user-facing messages (SPEC texts) where they have them; otherwise name the field.
  const message =
    issue.code === "unrecognized_keys"
      ? `Unknown field: ${issue.keys.join(", ")}.`
      : issue.message.startsWith("Invalid") && where
        ? `${where}: ${issue.message}.`
        : issue.message;
  return badRequest(message, codes[message] ?? ERROR_CODES.validation);
}
