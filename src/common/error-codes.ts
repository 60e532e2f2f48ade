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
  // Connecting a Bluesky account (docs/bluesky.md): which step refused it.
  blueskyHandleNotFound: "BLUESKY_HANDLE_NOT_FOUND",
  blueskyLoginFailed: "BLUESKY_LOGIN_FAILED",
  blueskyUnreachable: "BLUESKY_UNREACHABLE",
  // Accounts (SPEC §8 catalogue; Better Auth's own codes where it has one).
  emailInUse: "EMAIL_IN_USE",
  userNotFound: "USER_NOT_FOUND",
  invalidEmail: "INVALID_EMAIL",
  invalidEmailOrPassword: "INVALID_EMAIL_OR_PASSWORD",
  passwordTooShort: "PASSWORD_TOO_SHORT",
  passwordTooLong: "PASSWORD_TOO_LONG",
  passwordTooWeak: "PASSWORD_TOO_WEAK",
  invalidToken: "INVALID_TOKEN",
  invalidPassword: "INVALID_PASSWORD",
  /** A redirect address that is not a page of this site (plugins/auth.ts). */
  invalidCallbackUrl: "INVALID_CALLBACK_URL",
  /** Better Auth's per-address ceiling (not SPEC's failed sign-in throttle). */
  rateLimited: "RATE_LIMITED",
  /** An error Better Auth answered without a code of its own. */
  authError: "AUTH_ERROR",
  unprocessable: "UNPROCESSABLE_ENTITY",
  // The request line itself (http-server.ts).
  urlTooLong: "URL_TOO_LONG",
  badUrl: "BAD_URL",
  // Operations.
  shuttingDown: "SHUTTING_DOWN",
  notReady: "NOT_READY",
  storageUnavailable: "STORAGE_UNAVAILABLE",
  databaseBusy: "DATABASE_BUSY",
  mailFailed: "MAIL_FAILED",
  contactTestFailed: "CONTACT_TEST_FAILED",
  // Moving in and out.
  blogNotEmpty: "BLOG_NOT_EMPTY",
  invalidArchive: "INVALID_ARCHIVE",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
