import { ERROR_CODES } from "../../common/error-codes";
import { ApiError } from "./api";

// SPEC §8: provider codes mapped to the exact catalogue messages.
export const AUTH_ERROR_MESSAGES = {
  emailInUse: "This email is already registered. Please use a different email or try logging in.",
  invalidEmail: "The email address is not valid.",
  weakPassword: "The password is too weak. Please use a stronger password.",
  userNotFound: "No account found with this email. Please check the email or register.",
  wrongPassword: "Incorrect password. Please try again or reset your password.",
  tooManyRequests: "Too many unsuccessful login attempts. Please try again later or reset your password.",
  userDisabled: "This account has been disabled. Please contact support.",
  unknown: "An unknown error occurred. Please try again.",
} as const;

export type AuthErrorKind =
  | "email-in-use"
  | "invalid-email"
  | "weak-password"
  | "user-not-found"
  | "wrong-password"
  | "too-many-requests"
  | "user-disabled"
  | "other";

const KIND_BY_CODE: Record<string, AuthErrorKind> = {
  [ERROR_CODES.emailInUse]: "email-in-use",
  USER_ALREADY_EXISTS: "email-in-use",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email-in-use",
  [ERROR_CODES.invalidEmail]: "invalid-email",
  [ERROR_CODES.passwordTooWeak]: "weak-password",
  [ERROR_CODES.passwordTooShort]: "weak-password",
  [ERROR_CODES.userNotFound]: "user-not-found",
  [ERROR_CODES.invalidEmailOrPassword]: "wrong-password",
  INVALID_PASSWORD: "wrong-password",
  [ERROR_CODES.tooManyRequests]: "too-many-requests",
  USER_DISABLED: "user-disabled",
  BANNED_USER: "user-disabled",
};

/** An authentication failure: its catalogue kind, the SPEC §8 message and the provider's code. */
export class AuthError extends Error {
  constructor(
    readonly kind: AuthErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MESSAGE_BY_KIND: Record<Exclude<AuthErrorKind, "other">, string> = {
  "email-in-use": AUTH_ERROR_MESSAGES.emailInUse,
  "invalid-email": AUTH_ERROR_MESSAGES.invalidEmail,
  "weak-password": AUTH_ERROR_MESSAGES.weakPassword,
  "user-not-found": AUTH_ERROR_MESSAGES.userNotFound,
  "wrong-password": AUTH_ERROR_MESSAGES.wrongPassword,
  "too-many-requests": AUTH_ERROR_MESSAGES.tooManyRequests,
  "user-disabled": AUTH_ERROR_MESSAGES.userDisabled,
};

/** Map anything thrown by an auth call to the catalogue: known codes to their texts, else the provider's message. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof ApiError) {
    // SPEC's 'unsuccessful login attempts' only for the failed sign-in throttle (TOO_MANY_REQUESTS):
    // any other 429 keeps the server's own sentence.
    const kind = KIND_BY_CODE[error.code] ?? "other";
    if (kind !== "other") return new AuthError(kind, error.code, MESSAGE_BY_KIND[kind]);
    return new AuthError("other", error.code, error.message || AUTH_ERROR_MESSAGES.unknown);
  }
  return new AuthError("other", "UNKNOWN", AUTH_ERROR_MESSAGES.unknown);
}
