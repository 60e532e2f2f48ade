import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type Cookie,
  expect,
} from "@playwright/test";
import { freePort } from "../src/server/test/free-port";
import { stopWithParent } from "../src/server/test/stop-with-parent";
import { type ConsoleGuard, watchConsole } from "./console-guard";

export const PASSWORD = "correct-horse-42";
export const HIM_EMAIL = "him@duet.local";
export const HER_EMAIL = "her@duet.local";

export interface DuetServer {
  baseURL: string;
  dataDir: string;
  /** Text of every email in the outbox, oldest first. */
  outbox(): string[];
  /** First URL containing `needle` in the newest email to `to`. */
  linkFor(to: string, needle: string): string | null;
}

/**
 * Start the real server on a temporary DATA_DIR; it stops with the worker. It runs the compiled
 * output (dist/server/main.js, built by global-setup.ts as `npm start` builds it) under plain node.
 */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ server: DuetServer; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-e2e-"));
  // A copy of the run's empty, migrated database (global-setup.ts): the server opens it as its own.
  const template = process.env.E2E_DB_TEMPLATE;
  if (template && !env.DATABASE_URL) cpSync(template, path.join(dataDir, "db"), { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.resolve("dist/server/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      BACKUP_INTERVAL_MINUTES: "0",
      // Every browser test talks from 127.0.0.1; the accounts' own rate-limit tests pass the default (10).
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopWithParent(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const outboxDir = path.join(dataDir, "outbox");
  const outbox = () => {
    try {
      return readdirSync(outboxDir)
        .sort()
        .map((f) => readFileSync(path.join(outboxDir, f), "utf8"));
    } catch {
      return [];
    }
  };
  const server: DuetServer = {
    baseURL,
    dataDir,
    outbox,
    linkFor(to, needle) {
      for (const mail of outbox().reverse()) {
        if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(mail)) continue;
        // Quoted-printable soft line breaks and =3D must be undone before reading links.
        const body = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        const link = (body.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((u) => u.includes(needle));
        if (link) return link;
      }
      return null;
    },
  };
  // Its DATA_DIR is thrown away, so nothing needs a clean shutdown (which takes 3 s under load).
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}

/** Register through the API (the real flow); authors follow their verification link from the outbox. */
export async function createAccount(
  request: APIRequestContext,
  server: DuetServer,
  opts: { email?: string; name?: string; password?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = opts.email ?? `reader-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? PASSWORD;
  const res = await request.post(`${server.baseURL}/api/auth/sign-up/email`, {
    data: { email, password, name: opts.name ?? "Reader" },
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (email === HIM_EMAIL || email === HER_EMAIL) {
    const link = server.linkFor(email, "verify");
    expect(link, "verification link in the outbox").toBeTruthy();
    const verified = await request.get(link!, { maxRedirects: 0 });
    expect(verified.status()).toBeLessThan(400);
  }
  return { email, password };
}

/** The session cookies of each account a worker signed in (key: server, email, password). */
const sessions = new Map<string, Cookie[]>();

/**
 * Sign a browser context in without clicking through the form (cookies land in the context).
 * A worker signs each account in once: later calls reuse its session cookies (a password check
 * is 0.45 s of scrypt) after asking the server that the session still holds (a test may have
 * signed it out or changed the password); the tests of signing in use the form instead.
 */
export async function signIn(
  context: BrowserContext,
  server: DuetServer,
  email: string,
  password = PASSWORD,
) {
  const key = `${server.baseURL} ${email.toLowerCase()} ${password}`;
  const saved = sessions.get(key);
  if (saved) {
    await context.addCookies(saved);
    const res = await context.request.get(`${server.baseURL}/api/session`);
    const viewer = res.ok() ? ((await res.json()) as { viewer: { email: string } | null }).viewer : null;
    if (viewer?.email.toLowerCase() === email.toLowerCase()) return;
    sessions.delete(key);
  }
  const res = await context.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const cookies = await context.cookies(server.baseURL);
  sessions.set(
    key,
    cookies.filter((c) => /session/.test(c.name)),
  );
}

export interface Accounts {
  /** The account of a role on this worker's server, created once (authors verified by email). */
  ensure(role: "him" | "her" | "user"): Promise<{ email: string; password: string }>;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }, { server: DuetServer; accounts: Accounts }>({
  // STYLE.md: an unexpected console error fails a test (a test allows one with its reason).
  consoleGuard: [
    async ({ browser, context }, use) => {
      const { guard, stop } = watchConsole(browser, context);
      await use(guard);
      stop();
      const unexpected = guard.unexpected();
      if (unexpected.length > 0) throw new Error(`unexpected console errors:\n${unexpected.join("\n")}`);
    },
    { auto: true },
  ],
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  accounts: [
    async ({ server, playwright }, use) => {
      const made = new Map<string, Promise<{ email: string; password: string }>>();
      const request = await playwright.request.newContext();
      await use({
        ensure(role) {
          let acct = made.get(role);
          if (!acct) {
            const email = role === "him" ? HIM_EMAIL : role === "her" ? HER_EMAIL : undefined;
            acct = createAccount(request, server, {
              email,
              name: role === "user" ? "Reader" : role === "him" ? "Him" : "Her",
            });
            made.set(role, acct);
          }
          return acct;
        },
      });
      await request.dispose();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

export { expect };
