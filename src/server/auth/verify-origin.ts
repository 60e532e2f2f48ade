import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { verifyJWT } from "better-auth/crypto";
import { and, eq, gt, like, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { paths } from "../../common/routes";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { session, user, verification } from "../db/schema";
import { authorKeyForEmail } from "./viewer.reads";

// docs/decisions/0017-author-address-verification.md. Opening the emailed link
// proves the mailbox, not who chose the password: a stranger who registered an author address
// first must not become its admin when the owner clicks. So the link confirms the address at once
// only in the client that registered it (or one signed in to the account); anywhere else it leads
// to a reset-style page where the mailbox owner sets the password, which ends every session.
// For a browser, "the client that registered" is the one holding the
// registration cookie, never an IP address and User-Agent (a stranger behind the owner's NAT can
// match both, and the owner's click comes from a browser). A client that is not a browser at all
// (a script, `curl`, a test harness: ARCHITECTURE's "the first URL containing verify confirms it")
// sends no fetch metadata; for it alone, the registering address and user agent still count.

/** Set on the sign-up response of an author address; read only by the verification link. */
export const VERIFY_ORIGIN_COOKIE = "duet_verify_origin";
const COOKIE_PATH = "/api/auth/verify-email";
/** As long as someone may take to open the email (the resend button sends new links meanwhile). */
const ORIGIN_TTL_S = 7 * 24 * 60 * 60;
/**
 * The emailed link can be opened before the sign-up's answer (and its cookie) reaches the browser
 * that registered: 'Creating Account...' still shows while the mail is already in. While that
 * answer is pending, the link waits for it, redirecting to itself every WAIT_HOP_MS, at most
 * WAIT_HOPS times; the browser sends the cookie as soon as it has it.
 */
const WAIT_HOP_MS = 700;
const WAIT_HOPS = 12;
/** Only an account this new can still be waiting for its sign-up's answer. */
const SIGN_UP_ANSWER_MS = 2 * 60_000;
/** The reset-style link the detour hands out lives as long as an emailed reset link. */
const RESET_TTL_MS = 60 * 60_000;
const PREFIX = "verify-origin:";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const clientOf = (request: FastifyRequest) => sha256(`${request.ip}\n${request.headers["user-agent"] ?? ""}`);
/** Every browser since 2020–2023 sends Sec-Fetch-* on a navigation; scripts send none. */
const isBrowser = (request: FastifyRequest) =>
  request.headers["sec-fetch-mode"] !== undefined || request.headers["sec-fetch-site"] !== undefined;

function cookieValue(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? "";
  const match = new RegExp(`(?:^|;\\s*)${VERIFY_ORIGIN_COOKIE}=([A-Za-z0-9_-]{20,100})`).exec(header);
  return match?.[1] ?? null;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Remember the client that registered an author address: a random cookie, of which the server
 * keeps only the hash, and the hash of its address + user agent, which counts only for a client
 * that is not a browser (a script). Returns the Set-Cookie header.
 */
export async function rememberRegisteringClient(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
): Promise<string> {
  const nonce = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await ctx.db.insert(verification).values({
    id: randomUUID(),
    identifier: `${PREFIX}${userId}`,
    value: `${sha256(nonce)}.${clientOf(request)}`,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + ORIGIN_TTL_S * 1000),
  });
  await ctx.db
    .delete(verification)
    .where(and(like(verification.identifier, `${PREFIX}%`), lt(verification.expiresAt, now)));
  const secure = ctx.config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${VERIFY_ORIGIN_COOKIE}=${nonce}; Path=${COOKIE_PATH}; Max-Age=${ORIGIN_TTL_S}; HttpOnly; SameSite=Lax${secure}`;
}

async function isRegisteringClient(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  signedInAs: string | null,
): Promise<boolean> {
  if (signedInAs === userId) return true;
  const rows = await ctx.db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, `${PREFIX}${userId}`), gt(verification.expiresAt, ctx.now())));
  const nonce = cookieValue(request);
  const nonceHash = nonce ? sha256(nonce) : null;
  const client = isBrowser(request) ? null : clientOf(request);
  return rows.some(({ value }) => {
    const [storedNonce = "", storedClient = ""] = value.split(".");
    if (nonceHash !== null && sameHash(storedNonce, nonceHash)) return true;
    return client !== null && sameHash(storedClient, client);
  });
}

/** Nobody stays signed in to the account on the strength of a password chosen before the proof. */
export async function endSessions(db: Db, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

/**
 * Before Better Auth follows a verification link (GET /api/auth/verify-email?token=…): null lets
 * it confirm the address (after every existing session of the account ends); a path sends the
 * visitor to set the password first. Links that are not for an unverified author address, and
 * bad or expired tokens, are Better Auth's to answer as before. `signedInAs`: the account this
 * request's session belongs to, if any.
 */
export async function verificationDetour(
  ctx: AppContext,
  request: FastifyRequest,
  token: string | null,
  signedInAs: string | null,
): Promise<string | null> {
  if (!token || token.length > 4000) return null;
  const { secret, internalAdapter } = await (await ctx.auth.load()).$context;
  const payload = await verifyJWT(token, secret);
  if (!payload || typeof payload.email !== "string" || payload.updateTo) return null;
  if (!authorKeyForEmail(ctx.config, payload.email)) return null;
  const [account] = await ctx.db
    .select({ id: user.id, emailVerified: user.emailVerified, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.email, payload.email.toLowerCase()))
    .limit(1);
  if (!account || account.emailVerified) return null;
  if (typeof payload.userId === "string" && payload.userId !== account.id) return null;

  if (await isRegisteringClient(ctx, request, account.id, signedInAs)) {
    await endSessions(ctx.db, account.id);
    await ctx.db.delete(verification).where(eq(verification.identifier, `${PREFIX}${account.id}`));
    return null;
  }
  const waitFor = await waitForSignUpAnswer(ctx, request, account);
  if (waitFor) return waitFor;
  // A reset token like the emailed ones (stored hashed by Better Auth's storeIdentifier option):
  // setting the password confirms the address (onPasswordReset) and ends every session.
  const resetToken = randomBytes(24).toString("base64url");
  await internalAdapter.createVerificationValue({
    value: account.id,
    identifier: `reset-password:${resetToken}`,
    expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS),
  });
  return `${paths.resetPassword}?token=${resetToken}&verify=1`;
}

/**
 * A browser opened the link while the sign-up that made the account has not answered yet (its
 * registering-client row is written with the answer): the same link again, a moment later, with
 * the cookie the browser will have by then. Anyone else, or after the last hop, gets the detour.
 */
async function waitForSignUpAnswer(
  ctx: AppContext,
  request: FastifyRequest,
  account: { id: string; createdAt: Date },
): Promise<string | null> {
  const url = new URL(request.url, ctx.config.publicUrl);
  const hop = Number.parseInt(url.searchParams.get("wait") ?? "0", 10);
  if (!isBrowser(request) || !(hop >= 0 && hop < WAIT_HOPS)) return null;
  if (ctx.now().getTime() - account.createdAt.getTime() > SIGN_UP_ANSWER_MS) return null;
  const [answered] = await ctx.db
    .select({ id: verification.id })
    .from(verification)
    .where(eq(verification.identifier, `${PREFIX}${account.id}`))
    .limit(1);
  if (answered) return null;
  await new Promise((resolve) => setTimeout(resolve, WAIT_HOP_MS));
  url.searchParams.set("wait", String(hop + 1));
  return `${url.pathname}${url.search}`;
}
