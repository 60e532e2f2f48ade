import { ERROR_CODES } from "../../common/error-codes";
import { paths } from "../../common/routes";
import { ACCOUNT_MESSAGES, AccountBodySchemas } from "../../common/schemas/account";
import type { Config } from "../env";
import { badRequest } from "../errors";
import { parse } from "../validate";
import { AUTH_MESSAGES } from "./auth";
import { isCommonPassword } from "./common-passwords";

// The bodies of Better Auth's state-changing routes are parsed with the shared account schemas
// before it sees them: cheap, no database, so a 1 MB password or email is a quick 400 and
// nothing is stored half-way.

/** Better Auth's own codes for the problems it would report itself. */
const CODES = {
  [ACCOUNT_MESSAGES.emailInvalid]: ERROR_CODES.invalidEmail,
  [ACCOUNT_MESSAGES.passwordTooShort]: ERROR_CODES.passwordTooShort,
  [ACCOUNT_MESSAGES.passwordTooLong]: ERROR_CODES.passwordTooLong,
  [ACCOUNT_MESSAGES.resetLinkInvalid]: ERROR_CODES.invalidToken,
};

/** SPEC §5 password strength: not one of the most common passwords (weak-password message). */
function notCommon(password: string): string {
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.weakPassword, ERROR_CODES.passwordTooWeak);
  return password;
}

/**
 * Where a followed verification link lands, signed in (autoSignInAfterVerification); Better Auth
 * appends `&error=CODE` when the link is bad, which the admin page explains.
 */
export const VERIFIED_CALLBACK = `${paths.admin}?verified=1`;

const isCheckedPath = (path: string): path is keyof typeof AccountBodySchemas =>
  Object.hasOwn(AccountBodySchemas, path);

/**
 * The body to hand to Better Auth for this path (checked, trimmed, with our own redirect targets),
 * or the body unchanged for paths without checks. Throws AppError (4xx) on bad input.
 */
export function checkAuthBody(config: Config, path: string, body: unknown): unknown {
  if (!isCheckedPath(path)) return body;
  switch (path) {
    case "/sign-up/email": {
      const b = parse(AccountBodySchemas[path], body, CODES);
      // The verification link (author addresses only) lands on /admin, signed in.
      return { ...b, password: notCommon(b.password), callbackURL: VERIFIED_CALLBACK };
    }
    case "/request-password-reset": {
      const b = parse(AccountBodySchemas[path], body, CODES);
      // The emailed link always leads to our own reset page, whatever the client asked.
      return { email: b.email, redirectTo: `${config.publicUrl}${paths.resetPassword}` };
    }
    case "/reset-password": {
      const b = parse(AccountBodySchemas[path], body, CODES);
      return { ...b, newPassword: notCommon(b.newPassword) };
    }
    case "/change-password": {
      const b = parse(AccountBodySchemas[path], body, CODES);
      return { ...dropUndefined(b), newPassword: notCommon(b.newPassword) };
    }
    case "/send-verification-email":
      return { ...parse(AccountBodySchemas[path], body, CODES), callbackURL: VERIFIED_CALLBACK };
    default:
      return dropUndefined(parse(AccountBodySchemas[path], body, CODES));
  }
}

const dropUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
