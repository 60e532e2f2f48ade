import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { verificationEmail } from "../../common/api";
import { ERROR_CODES } from "../../common/error-codes";
import { RESEND_MAX_PER_HOUR, RESEND_MIN_INTERVAL_MS } from "../../common/limits";
import { caller, route } from "../api/route";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { verification } from "../db/schema";
import { AppError, conflict, forbidden, tooManyRequests } from "../errors";
import { VERIFIED_CALLBACK } from "./auth-input";

const HOUR_MS = 60 * 60_000;

export const RESEND_MESSAGES = {
  sent: "Verification email sent. Check your inbox.",
  wait: "A verification email was just sent. Please wait a minute before asking for another.",
  tooMany: "Too many verification emails. Please try again later.",
  alreadyVerified: "Your email address is already verified.",
  notAuthor: "Only the authors' addresses need verifying.",
} as const;

// Requests are rows of Better Auth's verification table (identifier + expiry), like the sign-in
// failure counts, so every process sharing the database sees the same history.
const identifierFor = (userId: string) => `resend-verification:${userId}`;

async function checkAndRecord(db: Db, userId: string, now: Date): Promise<void> {
  const id = identifierFor(userId);
  const recent = await db
    .select({ createdAt: verification.createdAt })
    .from(verification)
    .where(and(eq(verification.identifier, id), gt(verification.expiresAt, now)))
    .orderBy(desc(verification.createdAt));
  const last = recent[0]?.createdAt;
  if (last && now.getTime() - last.getTime() < RESEND_MIN_INTERVAL_MS)
    throw tooManyRequests(RESEND_MESSAGES.wait);
  if (recent.length >= RESEND_MAX_PER_HOUR) throw tooManyRequests(RESEND_MESSAGES.tooMany);
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: id,
    value: "1",
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + HOUR_MS),
  });
  await db.delete(verification).where(and(eq(verification.identifier, id), lt(verification.expiresAt, now)));
}

export async function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /**
   * POST /api/account/verification-email: a signed-in author whose address is not verified yet
   * asks for the link again (the /admin notice's 'Resend verification email').
   */
  route(app, verificationEmail, {}, async (request) => {
    const viewer = caller(request);
    if (viewer.emailVerified) throw conflict(RESEND_MESSAGES.alreadyVerified);
    if (!viewer.unverifiedAuthor) throw forbidden(RESEND_MESSAGES.notAuthor);
    await checkAndRecord(ctx.db, viewer.id, ctx.now());
    try {
      const auth = await ctx.auth.load();
      await auth.api.sendVerificationEmail({
        body: { email: viewer.email, callbackURL: VERIFIED_CALLBACK },
      });
    } catch (error) {
      request.log.warn({ err: error }, "could not send a verification email");
      throw new AppError(503, ERROR_CODES.mailFailed, "The email could not be sent. Please try again later.");
    }
    return { ok: true, message: RESEND_MESSAGES.sent };
  });
}
