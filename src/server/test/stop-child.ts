import type { ChildProcess } from "node:child_process";

/** True once the child is gone: `exitCode` stays null for a child that a signal ended. */
export const hasExited = (child: ChildProcess): boolean =>
  child.exitCode !== null || child.signalCode !== null;

/**
 * Send `signal` and wait until the child exits. A child already gone, by a code or by a signal,
 * is left as it is (waiting for its `exit` then would wait forever).
 */
export async function stopChild(
  child: ChildProcess | null | undefined,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  if (!child || hasExited(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}
