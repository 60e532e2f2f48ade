import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { AUTH_ERROR_MESSAGES, toAuthError } from "./auth-errors";

describe("auth error catalogue (SPEC §8)", () => {
  it.each([
    [
      409,
      "EMAIL_IN_USE",
      "This email is already registered. Please use a different email or try logging in.",
    ],
    [422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", AUTH_ERROR_MESSAGES.emailInUse],
    [400, "INVALID_EMAIL", "The email address is not valid."],
    [400, "PASSWORD_TOO_WEAK", "The password is too weak. Please use a stronger password."],
    [400, "PASSWORD_TOO_SHORT", AUTH_ERROR_MESSAGES.weakPassword],
    [404, "USER_NOT_FOUND", "No account found with this email. Please check the email or register."],
    [401, "INVALID_EMAIL_OR_PASSWORD", "Incorrect password. Please try again or reset your password."],
    [
      429,
      "TOO_MANY_REQUESTS",
      "Too many unsuccessful login attempts. Please try again later or reset your password.",
    ],
    [429, "RATE_LIMITED", "provider text"],
    [403, "USER_DISABLED", "This account has been disabled. Please contact support."],
    [403, "BANNED_USER", AUTH_ERROR_MESSAGES.userDisabled],
  ])("maps %i %s to its message", (status, code, message) => {
    expect(toAuthError(new ApiError(status, code, "provider text")).message).toBe(message);
  });

  it("keeps the provider's own message for other codes", () => {
    const error = toAuthError(new ApiError(400, "VALIDATION_ERROR", "Display name is required"));
    expect(error.kind).toBe("other");
    expect(error.message).toBe("Display name is required");
  });

  it("says 'An unknown error occurred. Please try again.' when there is no provider message", () => {
    expect(toAuthError(new TypeError("Failed to fetch")).message).toBe(
      "An unknown error occurred. Please try again.",
    );
    expect(toAuthError(new ApiError(500, "INTERNAL", "")).message).toBe(AUTH_ERROR_MESSAGES.unknown);
  });
});
