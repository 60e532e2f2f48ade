import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { ERROR_CODES } from "../../common/error-codes";
import { AccountBodySchemas as S } from "../../common/schemas/account";
import type { Viewer } from "../../common/types";
import { clientKey } from "../client-key";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import type { Config } from "../env";
import { tooManyRequests } from "../errors";
import { type AuthPathRules, forgetResetTokens, type RateLimit } from "./auth";
import { dropUndefined, notCommon, parseAccountBody, resetPageUrl, VERIFIED_CALLBACK } from "./auth-input";
import { AUTH_MESSAGES } from "./auth-messages";
import { recordFailedSignIn, recordSuccessfulSignIn, signInWait } from "./sign-in-throttle";
import { rememberRegisteringClient, verificationDetour } from "./verify-origin";
import { authorKeyForEmail } from "./viewer.reads";

// Every Better Auth path Duet exposes under /api/auth, with everything that happens around it
// (docs/decisions/0038-better-auth-endpoint-table.md). The bridge (plugins/auth.ts) answers 404 to
// any other path or method, checks the body, runs `before`, hands the Web Request to Better Auth
// and runs `after`; Better Auth runs `afterLimiter` inside, after its per-address limiter (0003).

/** One request through the bridge, as the steps see it. */
export interface AuthCall {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The URL Better Auth gets (one spelling of the path, our origin). */
  url: URL;
  /** The checked body Better Auth gets (POST), or undefined. */
  body: unknown;
  /** The signed-in user, memoised: read in `before`, it is who was signed in before Better Auth ran. */
  viewer(): Promise<Viewer | null>;
}

/** Better Auth's answer, as `after` sees it. */
export interface AuthAnswer {
  status: number;
  text: string;
}

export interface AuthEndpoint {
  methods: readonly ("GET" | "POST")[];
  /** Per client address, in Better Auth's limiter (database-backed, shared by every process). */
  limit: RateLimit;
  /** The POST body Better Auth gets: checked with the path's shared schema (4xx otherwise). Without: as sent. */
  body?: (sent: unknown, config: Config) => unknown;
  /** Runs inside Better Auth after its limiter; throws an APIError to answer instead. */
  afterLimiter?: (body: Record<string, unknown>, db: Db) => Promise<void>;
  /** Before Better Auth: may throw an AppError, or answer with a redirect of our own. */
  before?: (call: AuthCall) => Promise<{ redirect: string } | undefined>;
  /** After Better Auth answered; returns Set-Cookie values to add. */
  after?: (call: AuthCall, answer: AuthAnswer) => Promise<string[] | undefined>;
}

/** A body parsed with `schema`, then turned into what Better Auth gets. */
const checked =
  <T extends z.ZodType<object>>(
    schema: T,
    prepare: (body: z.infer<T>, config: Config) => unknown = dropUndefined,
  ) =>
  (sent: unknown, config: Config) =>
    prepare(parseAccountBody(schema, sent), config);

const emailOf = (body: unknown) => (body as { email: string }).email;

async function emailExists(db: Db, email: unknown): Promise<boolean | null> {
  if (typeof email !== "string") return null;
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/** A reset or a followed link may confirm an author address: the author badge on comments changes. */
const announceSettings = (call: AuthCall) => call.ctx.events.emit("settingsChanged", {});

const GET = ["GET"] as const;
const POST = ["POST"] as const;
const PER_MINUTE = "perMinute" as const;

export const AUTH_ENDPOINTS: Readonly<Record<string, AuthEndpoint>> = {
  "/sign-up/email": {
    methods: POST,
    limit: PER_MINUTE,
    // The verification link (author addresses only) lands on /admin, signed in.
    body: checked(S["/sign-up/email"], (b) => ({
      ...b,
      password: notCommon(b.password),
      callbackURL: VERIFIED_CALLBACK,
    })),
    // 0003: a registered address (compared lower-cased) is a 409, nothing stored.
    async afterLimiter(body, db) {
      if (await emailExists(db, body.email))
        throw new APIError("CONFLICT", { code: ERROR_CODES.emailInUse, message: AUTH_MESSAGES.emailInUse });
    },
    // An author address is confirmed at once only where it was registered (verify-origin.ts, 0017).
    async after(call, answer) {
      if (answer.status !== 200 || !authorKeyForEmail(call.ctx.config, emailOf(call.body))) return;
      const created = JSON.parse(answer.text) as { user: { id: string } };
      return [await rememberRegisteringClient(call.ctx, call.request, created.user.id)];
    },
  },
  "/sign-in/email": {
    methods: POST,
    limit: PER_MINUTE,
    body: checked(S["/sign-in/email"]),
    // Failed sign-ins are throttled per account and address, with growing delays (0013).
    async before({ ctx, request, reply, body }) {
      const wait = await signInWait(ctx.db, emailOf(body), clientKey(request.ip), ctx.now());
      if (wait > 0) {
        reply.header("retry-after", String(Math.ceil(wait / 1000)));
        throw tooManyRequests(AUTH_MESSAGES.tooManyRequests);
      }
      return undefined;
    },
    async after({ ctx, request, body }, { status }) {
      if (status === 401) await recordFailedSignIn(ctx.db, emailOf(body), clientKey(request.ip), ctx.now());
      if (status === 200)
        await recordSuccessfulSignIn(ctx.db, emailOf(body), clientKey(request.ip), ctx.now());
      return undefined;
    },
  },
  "/sign-out": { methods: POST, limit: PER_MINUTE },
  "/get-session": { methods: ["GET", "POST"], limit: PER_MINUTE },
  "/list-sessions": { methods: GET, limit: PER_MINUTE },
  "/request-password-reset": {
    methods: POST,
    limit: PER_MINUTE,
    body: checked(S["/request-password-reset"], (b, config) => ({
      email: b.email,
      redirectTo: resetPageUrl(config.publicUrl),
    })),
    // 0003: an unknown address is a 404, so the reset screen can say so.
    async afterLimiter(body, db) {
      if ((await emailExists(db, body.email)) === false)
        throw new APIError("NOT_FOUND", {
          code: ERROR_CODES.userNotFound,
          message: AUTH_MESSAGES.userNotFound,
        });
    },
  },
  /** The emailed reset link: Better Auth checks the token and redirects to our reset page. */
  "/reset-password/:token": { methods: GET, limit: PER_MINUTE },
  "/reset-password": {
    methods: POST,
    limit: PER_MINUTE,
    body: checked(S["/reset-password"], (b) => ({ ...b, newPassword: notCommon(b.newPassword) })),
    // Better Auth's onPasswordReset (auth.ts) confirms an author address and forgets old links.
    async after(call, { status }) {
      if (status === 200) await announceSettings(call);
      return undefined;
    },
  },
  "/verify-email": {
    methods: GET,
    limit: PER_MINUTE,
    // An author address is confirmed at once only where it was registered (verify-origin.ts, 0017).
    async before({ ctx, request, url, viewer }) {
      const signedIn = await viewer();
      const token = url.searchParams.get("token");
      const detour = await verificationDetour(ctx, request, token, signedIn?.id ?? null);
      return detour ? { redirect: detour } : undefined;
    },
    async after(call, { status }) {
      if (status === 302) await announceSettings(call);
      return undefined;
    },
  },
  "/send-verification-email": {
    methods: POST,
    limit: PER_MINUTE,
    body: checked(S["/send-verification-email"], (b) => ({ ...b, callbackURL: VERIFIED_CALLBACK })),
  },
  "/change-password": {
    methods: POST,
    // Better Auth's own rule for password changes, stated here.
    limit: { window: 10, max: 3 },
    body: checked(S["/change-password"], (b) => ({
      ...dropUndefined(b),
      newPassword: notCommon(b.newPassword),
    })),
    // Known before Better Auth runs: changing the password may end the session the cookie names.
    async before({ viewer }) {
      await viewer();
      return undefined;
    },
    // 0013: every reset link of the user stops working.
    async after({ ctx, viewer }, { status }) {
      const changer = await viewer();
      if (changer && status === 200) await forgetResetTokens(ctx.db, changer.id);
      return undefined;
    },
  },
  "/update-user": { methods: POST, limit: PER_MINUTE, body: checked(S["/update-user"]) },
};

/** The table row of a Better Auth path (`/reset-password/abc` finds `/reset-password/:token`), or null. */
export function findAuthEndpoint(path: string): { path: string; endpoint: AuthEndpoint } | null {
  if (Object.hasOwn(AUTH_ENDPOINTS, path)) return { path, endpoint: AUTH_ENDPOINTS[path]! };
  const parts = path.split("/");
  for (const [pattern, endpoint] of Object.entries(AUTH_ENDPOINTS)) {
    const want = pattern.split("/");
    if (!pattern.includes("/:") || want.length !== parts.length) continue;
    if (want.every((w, i) => (w.startsWith(":") ? parts[i] !== "" : w === parts[i])))
      return { path: pattern, endpoint };
  }
  return null;
}

/** What Better Auth itself is told (auth.ts): each path's limit and its checks after the limiter. */
export const AUTH_PATH_RULES: AuthPathRules = {
  limits: Object.fromEntries(
    Object.entries(AUTH_ENDPOINTS).map(([path, e]) => [path.replace(/:[^/]+/g, "*"), e.limit]),
  ),
  async afterLimiter(path, body, db) {
    if (Object.hasOwn(AUTH_ENDPOINTS, path)) await AUTH_ENDPOINTS[path]!.afterLimiter?.(body, db);
  },
};
