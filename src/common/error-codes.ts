/**
 * The stable `code` of every `{ "error": { "code", "message" } }` the API answers: the server's
 * error factories raise them, the client branches on them.
 */
export const ERROR_CODES = {
  badRequest: "BAD_REQUEST",
  validation: "VALIDATION_ERROR",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  crossSite: "CROSS_SITE",
  blocked: "BLOCKED",
  notFound: "NOT_FOUND",
  conflict: "CONFLICT",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMedia: "UNSUPPORTED_MEDIA_TYPE",
  tooManyRequests: "TOO_MANY_REQUESTS",
  internal: "INTERNAL",
  // Accounts (SPEC §8 catalogue; Better Auth's own codes where it has one).
  emailInUse: "EMAIL_IN_USE",
  userNotFound: "USER_NOT_FOUND",
  invalidEmail: "INVALID_EMAIL",
  invalidEmailOrPassword: "INVALID_EMAIL_OR_PASSWORD",
  passwordTooShort: "PASSWORD_TOO_SHORT",
  passwordTooLong: "PASSWORD_TOO_LONG",
  passwordTooWeak: "PASSWORD_TOO_WEAK",
  invalidToken: "INVALID_TOKEN",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
