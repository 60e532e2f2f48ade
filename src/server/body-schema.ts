/**
 * The params of every route's body schema (`z.strictObject(shape, BODY_MUST_BE_OBJECT)`): a JSON
 * body that is not an object (null, a list, a string, a number) gets a plain sentence instead of
 * zod's "Invalid input: expected object, received null".
 */
export const BODY_MUST_BE_OBJECT = {
  error: (issue: { code?: string }) =>
    issue.code === "invalid_type" ? "The request body must be a JSON object." : undefined,
};
