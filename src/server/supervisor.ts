import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { EXIT_REFUSED, type FatalMessage, SERVE_MESSAGE, SERVING_MESSAGE, STANDBY_ENV } from "./fatal";
import { SERVER_NODE_FLAGS } from "./node-flags";

/**
 * `npm start`'s supervisor: it runs the server (main.js: one serving process, or the cluster
 * primary) as a child and replaces it within seconds when it dies, as the cluster primary does
 * for its workers. It never opens the database itself; the child takes DATA_DIR's lock, and a
 * replacement starts only after the dead child's exit is seen, so the embedded database is never
 * open twice (the lock's pid is dead, so the next child takes it over and PGlite recovers).
 *
 * Restart time: once a child serves, the next one is started as a standby (fatal.ts): it loads
 * the server's modules (seconds of a start on a small machine) and waits, holding no lock and no
 * database. When the serving child dies, the standby is told to serve. Its cost is one idle Node
 * process's memory; without a ready standby a new child is started as before.
 */

/** A child that lived this long was serving: its death starts the backoff from the beginning. */
export const STABLE_AFTER_MS = 60_000;
export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 30_000;

/** Wait before the n-th replacement in a row of children that died young (1, 2, …). */
export const restartDelay = (crashesInARow: number): number =>
  Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, crashesInARow - 1));

export interface SuperviseOptions {
  /** The server's entry (dist/server/main.js, or src/server/main.ts under tsx). */
  script: string;
  log?: (line: string) => void;
}

export function supervise({ script, log = (line) => console.error(line) }: SuperviseOptions): void {
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  let child: ChildProcess | null = null;
  let stopping: NodeJS.Signals | null = null;
  let crashesInARow = 0;

  let standby: ChildProcess | null = null;
  const spawnChild = (asStandby: boolean) =>
    spawn(process.execPath, [...process.execArgv, ...SERVER_NODE_FLAGS, ...loader, script], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      env: asStandby ? { ...process.env, [STANDBY_ENV]: "1" } : process.env,
    });
  const prepareStandby = () => {
    if (stopping || standby) return;
    const next = spawnChild(true);
    standby = next;
    next.once("exit", () => {
      if (standby === next) standby = null;
    });
  };

  const start = () => {
    const startedAt = Date.now();
    let cause = "";
    const ready = standby;
    standby = null;
    const current = ready?.connected && ready.exitCode === null ? ready : spawnChild(false);
    if (current === ready) current.send({ type: SERVE_MESSAGE });
    else ready?.kill();
    child = current;
    current.on("message", (message: Partial<FatalMessage> | { type?: unknown }) => {
      if (message?.type === SERVING_MESSAGE && child === current) prepareStandby();
      const fatal = message as Partial<FatalMessage>;
      if (fatal?.type === "duet:fatal" && typeof fatal.cause === "string") cause = fatal.cause;
    });
    current.once("exit", (code, signal) => {
      child = null;
      if (stopping) process.exit(code ?? 0);
      if (code === EXIT_REFUSED) process.exit(EXIT_REFUSED);
      crashesInARow = Date.now() - startedAt >= STABLE_AFTER_MS ? 1 : crashesInARow + 1;
      const delay = restartDelay(crashesInARow);
      const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
      log(
        `Duet: the serving process ${current.pid} ${how}${cause ? ` (${cause})` : ""}; ` +
          `starting another in ${(delay / 1000).toFixed(1)} s (${crashesInARow} in a row)`,
      );
      setTimeout(start, delay);
    });
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = signal;
      standby?.kill();
      standby = null;
      // The server shuts down gracefully on its own signal; without a child there is nothing to wait for.
      if (child) child.kill(signal);
      else process.exit(0);
    });
  }
  start();
}

// Run directly (`node --import tsx src/server/supervisor.ts`): supervise main beside this file.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  supervise({ script: path.join(here, import.meta.url.endsWith(".ts") ? "main.ts" : "main.js") });
}
