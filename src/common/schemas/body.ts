import { z } from "zod";

/**
 * A request body is a JSON object with only the fields its schema names (STYLE: unknown fields
 * rejected). A body that is not an object (null, a list, a string) gets a plain sentence instead
 * of zod's "Invalid input: expected object, received null".
 */
export const BODY_MUST_BE_OBJECT_MESSAGE = "The request body must be a JSON object.";

export const strictBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === "invalid_type" ? BODY_MUST_BE_OBJECT_MESSAGE : undefined),
  });
