// What the measuring scripts (bench, bench-scale, lighthouse) share: a free loopback port, and the
// real server (src/server/main.ts) started on it with a temporary DATA_DIR and a built client.
import { type ChildProcess, spawn } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../src/server/node-flags";
import { freePort } from "../src/server/test/free-port";
import { hasExited } from "../src/server/test/stop-child";

/** Start the server on 127.0.0.1 and wait (up to two minutes) until /api/health answers. */
export async function startDuet(
  dataDir: string,
  clientDir: string,
  env: Record<string, string>,
): Promise<{ baseURL: string; child: ChildProcess }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      BACKUP_INTERVAL_MINUTES: "0",
      CLIENT_DIST_DIR: clientDir,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (hasExited(child)) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, child };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

export { freePort };
