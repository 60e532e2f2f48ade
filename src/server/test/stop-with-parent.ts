import { type ChildProcess, spawn } from "node:child_process";

/**
 * Servers a test starts stop by themselves: a detached watchdog ends `child` (TERM, then KILL)
 * once the test process is gone, even when the runner itself was killed and never ran its
 * teardown. The watchdog exits as soon as the child does.
 */
export function stopWithParent(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const script = `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${child.pid} 2>/dev/null; do sleep 2; done
kill -TERM ${child.pid} 2>/dev/null; sleep 10; kill -KILL ${child.pid} 2>/dev/null; exit 0`;
  const watchdog = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  watchdog.unref();
}
