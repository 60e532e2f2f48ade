import type { z } from "zod";
import { ERROR_CODES } from "../../common/error-codes";
import { paths } from "../../common/routes";
import { ACCOUNT_MESSAGES } from "../../common/schemas/account";
import { badRequest } from "../errors";
import { parse } from "../validate";
import { AUTH_MESSAGES } from "./auth-messages";
import { isCommonPassword } from "./common-passwords";

// The bodies of Better Auth's state-changing routes are parsed with the shared account schemas
// (each path's schema is named in endpoints.ts) before it sees them: cheap, no database, so a 1 MB
// password or email is a quick 400 and nothing is stored half-way.

/** Better Auth's own codes for the problems it would report itself. */
const CODES = {
  [ACCOUNT_MESSAGES.emailInvalid]: ERROR_CODES.invalidEmail,
  [ACCOUNT_MESSAGES.passwordTooShort]: ERROR_CODES.passwordTooShort,
  [ACCOUNT_MESSAGES.passwordTooLong]: ERROR_CODES.passwordTooLong,
  [ACCOUNT_MESSAGES.resetLinkInvalid]: ERROR_CODES.invalidToken,
};

/** A Better Auth body checked with its shared schema; throws AppError (400) with Better Auth's code. */
export function parseAccountBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  return parse(schema, body, CODES);
}

/** SPEC §5 password strength: not one of the most common passwords (weak-password message). */
export function notCommon(password: string): string {
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.weakPassword, ERROR_CODES.passwordTooWeak);
  return password;
}

/**
 * Where a followed verification link lands, signed in (autoSignInAfterVerification); Better Auth
 * appends `&error=CODE` when the link is bad, which the admin page explains.
 */
export const VERIFIED_CALLBACK = `${paths.studio}?verified=1`;

/** The emailed reset link always leads to our own reset page, whatever the client asked. */
export const resetPageUrl = (publicUrl: string) => `${publicUrl}${paths.resetPassword}`;

/** Optional fields a client left out are not handed on as `undefined`. */
export const dropUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
