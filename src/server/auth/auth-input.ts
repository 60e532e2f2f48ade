import { z } from "zod";
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../../common/limits";
import { REGISTRATION_MESSAGES } from "../../common/rules/registration";
import type { Config } from "../env";
import { badRequest } from "../errors";
import { AUTH_MESSAGES } from "./auth";
import { isCommonPassword } from "./common-passwords";

// Checks run on the bodies of Better Auth's state-changing routes before it sees them: cheap,
// no database, so a 1 MB password or email is a quick 400 and nothing is stored half-way.

type Body = Record<string, unknown>;

const invalidEmail = () => badRequest("The email address is not valid.", "INVALID_EMAIL");

function onlyFields(body: unknown, allowed: string[]): Body {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object.", "VALIDATION_ERROR");
  }
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw badRequest(`Unknown field: ${unknown.join(", ")}.`, "VALIDATION_ERROR");
  return body as Body;
}

function email(value: unknown): string {
  if (typeof value !== "string") throw invalidEmail();
  const trimmed = value.trim();
  if (trimmed.length === 0) throw badRequest(REGISTRATION_MESSAGES.emailRequired, "VALIDATION_ERROR");
  if (trimmed.length > EMAIL_MAX_LENGTH || !z.email().safeParse(trimmed).success) throw invalidEmail();
  return trimmed;
}

function anyPassword(value: unknown): string {
  if (typeof value !== "string" || value.length === 0) {
    throw badRequest(REGISTRATION_MESSAGES.passwordRequired, "VALIDATION_ERROR");
  }
  if (value.length > PASSWORD_MAX_LENGTH) {
    throw badRequest(REGISTRATION_MESSAGES.passwordTooLong, "PASSWORD_TOO_LONG");
  }
  return value;
}

/** SPEC §5: at least 6 characters, and not one of the most common passwords (weak-password message). */
function newPassword(value: unknown): string {
  const password = anyPassword(value);
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(REGISTRATION_MESSAGES.passwordTooShort, "PASSWORD_TOO_SHORT");
  }
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.weakPassword, "PASSWORD_TOO_WEAK");
  return password;
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw badRequest(`${field} must be true or false.`, "VALIDATION_ERROR");
  return value;
}

/** Where a followed verification link lands; Better Auth appends `&error=CODE` when the link is bad. */
export const VERIFIED_CALLBACK = "/login?verified=1";

/**
 * The body to hand to Better Auth for this path (checked, trimmed, with our own redirect targets),
 * or the body unchanged for paths without checks. Throws AppError (4xx) on bad input.
 */
export function checkAuthBody(config: Config, path: string, body: unknown): unknown {
  switch (path) {
    case "/sign-up/email": {
      const b = onlyFields(body, ["email", "password", "name"]);
      const checkedEmail = email(b.email);
      const password = newPassword(b.password);
      if (typeof b.name !== "string" || b.name.trim().length === 0) {
        throw badRequest(REGISTRATION_MESSAGES.displayNameRequired, "VALIDATION_ERROR");
      }
      if (b.name.length > DISPLAY_NAME_MAX_LENGTH) {
        throw badRequest(REGISTRATION_MESSAGES.displayNameTooLong, "VALIDATION_ERROR");
      }
      // The verification link (author addresses only) lands on our login page, which says how it went.
      return { email: checkedEmail, password, name: b.name.trim(), callbackURL: VERIFIED_CALLBACK };
    }
    case "/sign-in/email": {
      const b = onlyFields(body, ["email", "password", "rememberMe"]);
      const rememberMe = optionalBoolean(b.rememberMe, "rememberMe");
      return {
        email: email(b.email),
        password: anyPassword(b.password),
        ...(rememberMe === undefined ? {} : { rememberMe }),
      };
    }
    case "/request-password-reset": {
      const b = onlyFields(body, ["email", "redirectTo"]);
      // The emailed link always leads to our own reset page, whatever the client asked.
      return { email: email(b.email), redirectTo: `${config.publicUrl}/reset-password` };
    }
    case "/reset-password": {
      const b = onlyFields(body, ["newPassword", "token"]);
      if (typeof b.token !== "string" || b.token.length === 0 || b.token.length > 500) {
        throw badRequest("This password reset link is invalid or has expired.", "INVALID_TOKEN");
      }
      return { newPassword: newPassword(b.newPassword), token: b.token };
    }
    case "/update-user": {
      const b = onlyFields(body, ["name"]);
      if (typeof b.name !== "string" || b.name.trim().length === 0) {
        throw badRequest(REGISTRATION_MESSAGES.displayNameRequired, "VALIDATION_ERROR");
      }
      if (b.name.length > DISPLAY_NAME_MAX_LENGTH) {
        throw badRequest(REGISTRATION_MESSAGES.displayNameTooLong, "VALIDATION_ERROR");
      }
      return { name: b.name.trim() };
    }
    case "/change-password": {
      const b = onlyFields(body, ["currentPassword", "newPassword", "revokeOtherSessions"]);
      const revokeOtherSessions = optionalBoolean(b.revokeOtherSessions, "revokeOtherSessions");
      return {
        currentPassword: anyPassword(b.currentPassword),
        newPassword: newPassword(b.newPassword),
        ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
      };
    }
    case "/send-verification-email": {
      const b = onlyFields(body, ["email"]);
      return { email: email(b.email), callbackURL: VERIFIED_CALLBACK };
    }
    default:
      return body;
  }
}
