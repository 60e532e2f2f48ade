import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../common/limits";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Config } from "../env";
import type { Mailer } from "../mail/mailer";
import { resetPasswordEmail, verifyAuthorEmail } from "./auth-emails";
import { clearFailedSignIns } from "./sign-in-throttle";
import { authorKeyForEmail } from "./viewer.reads";

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  /** The paths we expose: their limits and checks (auth/endpoints.ts's AUTH_PATH_RULES). */
  paths: AuthPathRules;
  /** Where Better Auth's own log lines go (the server's logger), instead of the console. */
  log?: (level: "debug" | "info" | "warn" | "error", message: string) => void;
  /**
   * Replaces Better Auth's scrypt. Only the test harness passes one (test/fast-password.ts);
   * nothing in the configuration or the environment can: production always hashes with scrypt.
   */
  passwordHasher?: PasswordHasher;
}

/** How passwords are hashed and checked (Better Auth's `emailAndPassword.password`). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** A per-address limit: `perMinute` is AUTH_RATE_LIMIT_PER_MINUTE requests a minute. */
export type RateLimit = "perMinute" | { window: number; max: number };

/**
 * What Better Auth is told of the paths Duet exposes (auth/endpoints.ts builds it from its table):
 * each path's limit (`*` for a path parameter), and the checks that run after its limiter.
 */
export interface AuthPathRules {
  limits: Readonly<Record<string, RateLimit>>;
  afterLimiter(path: string, body: Record<string, unknown>, db: Db): Promise<void>;
}

/**
 * Per-IP limits of Better Auth's limiter (database storage, so every process shares the counts).
 * Its defaults (3 sign-ins per 10 s) are too tight for real use; AUTH_RATE_LIMIT_PER_MINUTE sets them.
 */
export function authRateLimitRules(config: Config, limits: AuthPathRules["limits"]) {
  const perMinute = { window: 60, max: config.authRateLimitPerMinute };
  return Object.fromEntries(
    Object.entries(limits).map(([path, limit]) => [path, limit === "perMinute" ? perMinute : limit]),
  );
}

const RESET_PREFIX = "reset-password:";
/** Reset tokens are stored as a SHA-256 hash, prefix kept, so a database reader cannot use them. */
export const hashResetIdentifier = async (identifier: string) =>
  `${RESET_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;

/** Every outstanding reset link of the user stops working (after a reset or a password change). */
export async function forgetResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(schema.verification)
    .where(
      and(like(schema.verification.identifier, `${RESET_PREFIX}%`), eq(schema.verification.value, userId)),
    );
}

export function createAuth({ db, config, mailer, secret, paths, log, passwordHasher }: AuthDeps) {
  const secure = config.publicUrl.startsWith("https:");
  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    trustedOrigins: config.trustedOrigins,
    verification: {
      storeIdentifier: { default: "plain", overrides: { [RESET_PREFIX]: { hash: hashResetIdentifier } } },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A reset link that reached an author address proves its owner as well as a verification link does.
      onPasswordReset: async ({ user }) => {
        if (authorKeyForEmail(config, user.email) && !user.emailVerified) {
          await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
        }
        // Nothing older stays usable, and the throttle forgets the account's failures (the mailbox is proven).
        await forgetResetTokens(db, user.id);
        await clearFailedSignIns(db, user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(await resetPasswordEmail(db, config, user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The emailed link proves the mailbox: it signs its owner in and lands on /admin.
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        // Only the two author addresses need proof of ownership: that proof is what makes them admins.
        if (!authorKeyForEmail(config, user.email)) return;
        await mailer.send(await verifyAuthorEmail(db, config, user.email, url));
      },
    },
    // Enabled in every mode, not only production (Better Auth's default), with counts in the database.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: config.authRateLimitPerMinute,
      customRules: authRateLimitRules(config, paths.limits),
    },
    // Each path's own checks (auth/endpoints.ts) run here, after the per-IP limiter, so nobody
    // can probe many addresses quickly (docs/decisions/0003-account-enumeration.md).
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body;
        if (typeof body !== "object" || body === null || Array.isArray(body)) return;
        await paths.afterLimiter(ctx.path, body as Record<string, unknown>, db);
      }),
    },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    telemetry: { enabled: false },
    logger: {
      disableColors: true,
      log: (level, message) => log?.(level, `[auth] ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
