// Helpers for the platform tests: run the real server (src/server/main.ts) as a child process.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";
import { stopWithParent } from "./stop-with-parent";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The parent's environment without anything that would point the child at another database. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k === "DATABASE_URL" || k === "TEST_DATABASE_URL" || k.startsWith("VITEST"))
      continue;
    env[k] = v;
  }
  return env;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseURL: string;
  output(): string;
  exited: Promise<Exit>;
}

/**
 * The server entry as a test names it (src/server/main.ts) runs as its compiled output
 * (dist/server/main.js, built by the global setup as `npm start` builds it) under plain node;
 * other TypeScript (scripts/*.ts) runs through tsx, an .mjs file under plain node.
 */
function command(script: string): string[] {
  if (script === SERVER_ENTRY) return [path.join(REPO_ROOT, "dist/server/main.js")];
  return script.endsWith(".mjs") ? [script] : ["--import", "tsx", script];
}

const SERVER_ENTRY = "src/server/main.ts";

/** Spawn a script (see `command`) with the given environment; collects stdout+stderr. */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<Exit> } {
  const child = spawn(process.execPath, [...command(script), ...args], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopWithParent(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Run a script to completion: exit code and its separate outputs. */
export async function runToExit(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...command(script), ...args], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  return { code, stdout, stderr };
}

/** Start the server on a free port (or env.PORT) with DATA_DIR and wait until /api/health answers. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  // A given PORT is kept (a restarted process comes back where its load balancer expects it).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { child, output, exited } = spawnNode(SERVER_ENTRY, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ...env,
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, pid: child.pid!, baseURL, output, exited };
}

/** Resolve once the process output satisfies `test` (polling; the deadline is generous for loaded machines). */
export async function waitForOutput(
  proc: Pick<ServerProcess, "output">,
  test: (output: string) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test(proc.output())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let loopbackCounter = 0;
/**
 * A distinct loopback source address per request (127.77.x.y): the server rate-limits auth
 * routes per client IP, and these tests write faster than one client may.
 */
export function nextLoopbackAddress(): string {
  loopbackCounter++;
  return `127.77.${(loopbackCounter >> 8) & 255}.${loopbackCounter & 255 || 1}`;
}

/** POST JSON from its own loopback address; resolves with the status and body, rejects on a dropped connection. */
export function postJson(
  baseURL: string,
  urlPath: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const url = new URL(urlPath, baseURL);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: nextLoopbackAddress(),
        agent: false,
        headers: {
          origin: new URL(baseURL).origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export { freePort };
