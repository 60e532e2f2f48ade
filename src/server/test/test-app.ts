import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { AuthorKey } from "../../common/limits";
import { buildApp } from "../app";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import { type Config, loadConfig } from "../env";
import type { Mailer, OutgoingMail } from "../mail/mailer";
import { fastPasswordHasher } from "./fast-password";
import { acquireTestDatabase } from "./test-database";

export const TEST_PASSWORD = "correct-horse-42";

export { openTestDatabase } from "./test-database";

/** Mail kept in memory for API tests (the outbox/SMTP paths have their own tests). */
export class MemoryMailer implements Mailer {
  sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail) {
    this.sent.push(mail);
  }
  close() {}
  /** Emails sent to `to`, oldest first. */
  to(address: string): OutgoingMail[] {
    return this.sent.filter((m) => [m.to].flat().includes(address));
  }
  /** The first URL in the last email to `to` containing `needle`. */
  linkFor(to: string, needle: string): string | null {
    for (const mail of [...this.sent].reverse()) {
      if (![mail.to].flat().includes(to)) continue;
      const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((u) => u.includes(needle));
      if (link) return link;
    }
    return null;
  }
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>["app"];
  ctx: AppContext;
  config: Config;
  mailer: MemoryMailer;
  /** inject with our Origin and a distinct client address (Better Auth rate-limits per IP). */
  request(options: InjectOptions & { cookie?: string | null }): Promise<LightMyRequestResponse>;
  /** Create a user directly (its rows, not the sign-up route) and return a session cookie for it. */
  signUp(opts?: { email?: string; name?: string; password?: string; verified?: boolean }): Promise<TestUser>;
  /** A signed-in user of the given role: a reader, or one of the verified authors. */
  as(role: "user" | AuthorKey): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

let ipCounter = 1;
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function buildTestApp(
  overrides: Partial<Record<string, string>> = {},
  extra: {
    now?: () => Date;
    mailer?: Mailer;
    database?: Database;
    /** Hash with Better Auth's scrypt, as a server does (the tests of sign-up and sign-in themselves). */
    realPasswords?: boolean;
    /** Serve (and server-render with) the client built into CLIENT_DIST_DIR, as a real server does. */
    serveClient?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-test-"));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://127.0.0.1:3000",
      SEED_DEMO: "false",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      ...overrides,
    },
    null,
  );
  // The worker's database, emptied (test-database.ts), unless the test brings its own.
  const { database, release } = extra.database
    ? { database: extra.database, release: () => extra.database!.close() }
    : await acquireTestDatabase();
  const mailer = new MemoryMailer();
  const { app, ctx } = await buildApp({
    config,
    database,
    secret: "test-secret-test-secret-test-secret-000",
    mailer: extra.mailer ?? mailer,
    now: extra.now,
    // Scrypt is ~0.45 s of CPU per sign-up and per sign-in; the tests of accounts ask for it.
    passwordHasher: extra.realPasswords ? undefined : fastPasswordHasher,
    serveClient: extra.serveClient,
  });
  await app.ready();
  const origin = new URL(config.publicUrl).origin;

  const request: TestApp["request"] = ({ cookie, headers, ...options }) =>
    app.inject({
      remoteAddress: nextIp(),
      ...options,
      headers: {
        ...(options.method && options.method !== "GET" ? { origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });

  const signIn = async (email: string, password: string): Promise<string> => {
    const res = await request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
    const cookies = res.cookies.map((c) => `${c.name}=${c.value}`);
    return cookies.join("; ");
  };

  /**
   * The rows a sign-up and a sign-in leave (user, credential account, session) written through
   * Better Auth's own adapter, and the signed session cookie a sign-in answers with: a test user
   * costs a few queries, not two HTTP round trips through the limiter and the mailer. The tests
   * of sign-up, sign-in and verification themselves go through HTTP (auth/*.test.ts).
   */
  const createSignedIn = async (email: string, password: string, name: string, verified: boolean) => {
    const auth = await (await ctx.auth.load()).$context;
    const created = await auth.internalAdapter.createUser(
      { email, name, emailVerified: verified },
      { method: "email-password" },
    );
    await auth.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await auth.password.hash(password),
    });
    const session = await auth.internalAdapter.createSession(created.id, false, { ipAddress: nextIp() });
    const signature = createHmac("sha256", auth.secret).update(session.token).digest("base64");
    const value = encodeURIComponent(`${session.token}.${signature}`);
    return { id: created.id, email: created.email, cookie: `${auth.authCookies.sessionToken.name}=${value}` };
  };

  const signUp: TestApp["signUp"] = async (opts = {}) => {
    const email = opts.email ?? `reader-${randomUUID().slice(0, 8)}@example.com`;
    const password = opts.password ?? TEST_PASSWORD;
    // An author address that is not verified yet is registered the real way: its verification
    // email (and the registering client's cookie) are what a test of it follows.
    const unverifiedAuthor =
      !opts.verified && Object.values(config.authorEmails).includes(email.toLowerCase());
    if (!unverifiedAuthor)
      return createSignedIn(email, password, opts.name ?? "Reader", Boolean(opts.verified));
    const res = await request({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { email, password, name: opts.name ?? "Reader" },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up failed for ${email}: ${res.statusCode} ${res.body}`);
    if (opts.verified) await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const [row] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { id: row!.id, email, cookie: await signIn(email, password) };
  };

  const roles = new Map<string, TestUser>();
  const as: TestApp["as"] = async (role) => {
    const cached = roles.get(role);
    if (cached) return cached;
    const created =
      role === "user"
        ? await signUp()
        : await signUp({
            email: config.authorEmails[role],
            name: role === "him" ? "Him" : "Her",
            verified: true,
          });
    roles.set(role, created);
    return created;
  };

  return {
    app,
    ctx,
    config,
    mailer,
    request,
    signUp,
    as,
    async close() {
      await app.close();
      await release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
