import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { hasExited, stopChild } from "./stop-child";

describe("stopChild", () => {
  it("returns for a child a signal already ended, and stops a running one", async () => {
    const killed = spawn(process.execPath, ["-e", "process.kill(process.pid, 'SIGKILL')"]);
    await once(killed, "exit");
    expect(killed.exitCode).toBeNull();
    expect(hasExited(killed)).toBe(true);
    await stopChild(killed);

    const running = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    expect(hasExited(running)).toBe(false);
    await stopChild(running);
    expect(running.signalCode).toBe("SIGTERM");
    await stopChild(null);
  });
});
