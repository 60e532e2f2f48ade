import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../limits";

// SPEC §5 registration rules and their exact messages, shared by the forms and the server.
export const REGISTRATION_MESSAGES = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  displayNameRequired: "Display name is required",
  emailTooLong: "The email address is not valid.",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
} as const;

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
}

/** The new-password rules (registration and reset): required, at least 6, within the maximum, matching. */
export function newPasswordProblem(password: string, confirmPassword: string): string | null {
  if (password.length === 0) return REGISTRATION_MESSAGES.passwordRequired;
  if (password !== confirmPassword) return REGISTRATION_MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return REGISTRATION_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return REGISTRATION_MESSAGES.passwordTooLong;
  return null;
}

/** First SPEC §5 problem with a registration form, in the order a person reads the form, or null. */
export function registrationProblem(input: RegistrationInput): string | null {
  if (input.email.trim().length === 0) return REGISTRATION_MESSAGES.emailRequired;
  if (input.email.length > EMAIL_MAX_LENGTH) return REGISTRATION_MESSAGES.emailTooLong;
  const passwordProblem = newPasswordProblem(input.password, input.confirmPassword);
  if (passwordProblem) return passwordProblem;
  if (input.displayName.trim().length === 0) return REGISTRATION_MESSAGES.displayNameRequired;
  if (input.displayName.length > DISPLAY_NAME_MAX_LENGTH) return REGISTRATION_MESSAGES.displayNameTooLong;
  return null;
}

/**
 * Where to go after signing in: only a same-site relative path (one leading slash, no scheme, no
 * backslash), so `?from=` can never send a person to another site.
 */
export function safeRedirectPath(from: string | null | undefined, fallback = "/"): string {
  if (!from || from.length > 2000) return fallback;
  if (!from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn "/\t/x" into "//x".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(from)) return fallback;
  if (from === "/login" || from.startsWith("/login?") || from.startsWith("/login/")) return fallback;
  return from;
}
