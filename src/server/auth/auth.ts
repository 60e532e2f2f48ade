import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { AuthorKey } from "../../common/limits";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../common/limits";
import type { Viewer } from "../../common/types";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Config } from "../env";
import { normaliseEmail } from "../env";
import type { Mailer } from "../mail/mailer";

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
}

/** The author value an email is tied to, or null. Exact match after trim + lower-case only. */
export function authorKeyForEmail(config: Config, email: string): AuthorKey | null {
  const e = normaliseEmail(email);
  if (e === config.authorEmails.him) return "him";
  if (e === config.authorEmails.her) return "her";
  return null;
}

/** ARCHITECTURE: admin = author address AND verified, so a stranger registering it first gains nothing. */
export function toViewer(
  config: Config,
  user: { id: string; email: string; name: string; emailVerified: boolean },
): Viewer {
  const key = authorKeyForEmail(config, user.email);
  const isAdmin = key !== null && user.emailVerified;
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    emailVerified: user.emailVerified,
    isAdmin,
    authorKey: isAdmin ? key : null,
  };
}

export function createAuth({ db, config, mailer, secret }: AuthDeps) {
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
    trustedOrigins: [config.publicUrl, "http://localhost:5173", "http://127.0.0.1:5173"],
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${config.siteName} password`,
          text: `Someone asked to reset the password of your ${config.siteName} account.\n\nTo choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this email.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url }) => {
        // Only the two author addresses need proof of ownership: that proof is what makes them admins.
        if (!authorKeyForEmail(config, user.email)) return;
        await mailer.send({
          to: user.email,
          subject: `Confirm your ${config.siteName} author address`,
          text: `Confirm that this address is yours to manage the ${config.siteName} blog:\n${url}\n\nIf you did not register, ignore this email.\n`,
        });
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
    },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
