// Apart from auth.ts, which loads Better Auth: the bridge's answers and the body checks use these
// texts without loading it (a start loads Better Auth on the first request that needs it).

/** SPEC §8 catalogue texts our server answers with (the client maps codes; screens show their own texts). */
export const AUTH_MESSAGES = {
  emailInUse: "This email is already registered. Please use a different email or try logging in.",
  userNotFound: "No account found with this email. Please check the email or register.",
  weakPassword: "The password is too weak. Please use a stronger password.",
  /** Only for the failed sign-in throttle (sign-in-throttle.ts): it says what happened. */
  tooManyRequests: "Too many unsuccessful login attempts. Please try again later or reset your password.",
  /** Any other limit (AUTH_RATE_LIMIT_PER_MINUTE): nothing failed, the address is busy. */
  rateLimited: "Too many requests from your network. Please wait a minute and try again.",
} as const;
