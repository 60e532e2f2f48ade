import { describe, expect, it } from "vitest";
import { KickLoop } from "./kick-loop";

/** A job whose runs the test ends one by one. */
function gatedJob() {
  const gates: (() => void)[] = [];
  let runs = 0;
  const job = () => {
    runs++;
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const release = async () => {
    await Promise.resolve();
    gates.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { job, release, runs: () => runs };
}

describe("KickLoop", () => {
  it("runs at once, and folds the kicks that come while it runs into one more run", async () => {
    const { job, release, runs } = gatedJob();
    const loop = new KickLoop(job);
    const first = loop.kick();
    expect(runs()).toBe(1);
    const second = loop.kick();
    void loop.kick();
    void loop.kick();
    expect(second).toBe(first);
    await release();
    expect(runs()).toBe(2);
    await release();
    await first;
    expect(runs()).toBe(2);
    // Idle again: the next kick is a new run.
    void loop.kick();
    expect(runs()).toBe(3);
    await release();
    await loop.idle();
  });

  it("reports a failing run and runs again on the next kick; a kick never rejects", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = new KickLoop(
      async () => {
        calls++;
        throw new Error("down");
      },
      (error) => errors.push(error),
    );
    await loop.kick();
    await loop.kick();
    expect(calls).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(["down", "down"]);
  });

  it("after close, waits for the current run, skips the folded one and ignores kicks", async () => {
    const { job, release, runs } = gatedJob();
    const loop = new KickLoop(job);
    void loop.kick();
    void loop.kick();
    const closed = loop.close();
    await release();
    await closed;
    expect(runs()).toBe(1);
    await loop.kick();
    expect(runs()).toBe(1);
  });
});
