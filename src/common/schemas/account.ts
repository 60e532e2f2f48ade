import { z } from "zod";
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../limits";
import { strictBody } from "./body";
import { singleLine } from "./text";

// SPEC §5 account rules and their exact messages: the forms check with these schemas, and the
// server parses Better Auth's request bodies with them before Better Auth sees them.
export const ACCOUNT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "The email address is not valid.",
  passwordRequired: "Password is required",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  displayNameRequired: "Display name is required",
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  resetLinkInvalid: "This password reset link is invalid or has expired.",
} as const;

const M = ACCOUNT_MESSAGES;

export const EmailSchema = z
  .string({ message: M.emailInvalid })
  .trim()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

/** Any password given to sign in (or as the current one): only present and bounded. */
export const PasswordSchema = z
  .string({ message: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

/** A new password (registration, reset, change): at least 6 characters, within the maximum. */
export const NewPasswordSchema = PasswordSchema.min(PASSWORD_MIN_LENGTH, M.passwordTooShort);

export const DisplayNameSchema = z
  .string({ message: M.displayNameRequired })
  .max(DISPLAY_NAME_MAX_LENGTH, M.displayNameTooLong)
  .trim()
  .min(1, M.displayNameRequired)
  .superRefine(singleLine("Display name"));

const optionalBoolean = (field: string) =>
  z.boolean({ message: `${field} must be true or false.` }).optional();

/** The bodies of Better Auth's state-changing routes, by path (unknown fields refused). */
export const AccountBodySchemas = {
  "/sign-up/email": strictBody({ email: EmailSchema, password: NewPasswordSchema, name: DisplayNameSchema }),
  "/sign-in/email": strictBody({
    email: EmailSchema,
    password: PasswordSchema,
    rememberMe: optionalBoolean("rememberMe"),
  }),
  "/request-password-reset": strictBody({ email: EmailSchema, redirectTo: z.unknown().optional() }),
  "/reset-password": strictBody({
    token: z.string({ message: M.resetLinkInvalid }).min(1, M.resetLinkInvalid).max(500, M.resetLinkInvalid),
    newPassword: NewPasswordSchema,
  }),
  "/update-user": strictBody({ name: DisplayNameSchema }),
  "/change-password": strictBody({
    currentPassword: PasswordSchema,
    newPassword: NewPasswordSchema,
    revokeOtherSessions: optionalBoolean("revokeOtherSessions"),
  }),
  "/send-verification-email": strictBody({ email: EmailSchema }),
} as const;

/** The first message a schema gives for a value, or null when it is valid. */
export function firstProblem(schema: z.ZodType, value: unknown): string | null {
  return schema.safeParse(value).error?.issues[0]?.message ?? null;
}

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
}

/** The new-password pair (registration and reset), in the order a person reads the form. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password.length === 0) return M.passwordRequired;
  if (password !== confirmPassword) return M.passwordsDoNotMatch;
  return firstProblem(NewPasswordSchema, password);
}

export type RegistrationField = keyof RegistrationInput;

/** The first SPEC §5 problem with a registration form and the field it is about, or null. */
export function registrationProblemAt(
  input: RegistrationInput,
): { field: RegistrationField; message: string } | null {
  const email = firstProblem(EmailSchema, input.email);
  if (email) return { field: "email", message: email };
  const password = newPasswordProblem(input.password, input.confirmPassword);
  if (password)
    return { field: password === M.passwordsDoNotMatch ? "confirmPassword" : "password", message: password };
  const name = firstProblem(DisplayNameSchema, input.displayName);
  return name ? { field: "displayName", message: name } : null;
}

/** First SPEC §5 problem with a registration form, in the order a person reads it, or null. */
export function registrationProblem(input: RegistrationInput): string | null {
  return registrationProblemAt(input)?.message ?? null;
}
