import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ArchiveError, TOO_MUCH_MEMORY } from "./format";
import type { Inspected, InspectOptions } from "./inspect-archive";

/**
 * The studio's import inspects the uploaded archive in a child process with a
 * bounded heap (and a resident-memory watchdog in inspect-worker.ts), so an archive built to
 * exhaust memory or time ends that process, never the server. The database work stays here.
 */
export const INSPECT_HEAP_MB = 256;
/** The longest an inspection may take (re-encoding images is the slow part). */
export const INSPECT_TIMEOUT_MS = 30 * 60 * 1000;

/** The worker next to this module: TypeScript under tsx from source, the built file from dist. */
function worker(): { file: string; loader: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".ts"))
    return { file: fileURLToPath(new URL("./inspect-worker.ts", here)), loader: ["--import", "tsx"] };
  return { file: fileURLToPath(new URL("./archive-inspect.js", here)), loader: [] };
}

export function inspectInChild(options: InspectOptions, log: (text: string) => void): Promise<Inspected> {
  const { file, loader } = worker();
  const child = fork(file, [], {
    execArgv: [...loader, `--max-old-space-size=${INSPECT_HEAP_MB}`],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  log("Checking the archive in a separate process");
  return new Promise<Inspected>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new ArchiveError(
          "Checking the archive took too long; import it with npm run import. Nothing was imported.",
        ),
      );
    }, INSPECT_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    child.once(
      "message",
      (message: { ok: boolean; result?: Inspected; archive?: boolean; message?: string }) => {
        done();
        if (message.ok) resolve(message.result!);
        else if (message.archive) reject(new ArchiveError(message.message!));
        else reject(new Error(`archive inspection failed: ${message.message}`));
      },
    );
    child.once("exit", (code, signal) => {
      done();
      // Killed by V8's heap limit (or anything else) before it could answer.
      reject(
        code === 134 || /heap out of memory/i.test(stderr)
          ? new ArchiveError(TOO_MUCH_MEMORY)
          : new Error(`archive inspection ended (${signal ?? code}): ${stderr.trim()}`),
      );
    });
    child.once("error", (error) => {
      done();
      reject(error);
    });
    const {
      file: archive,
      stagingDir,
      dryRun,
      scope,
      withSecrets,
      keepFollowersConfirmed,
      authorEmails,
    } = options;
    child.send({
      file: archive,
      stagingDir,
      dryRun,
      scope,
      withSecrets,
      keepFollowersConfirmed,
      authorEmails,
    });
  });
}
