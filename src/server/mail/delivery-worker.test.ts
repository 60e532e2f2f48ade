import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env";
import { type DeliveryQueue, DeliveryWorker, type QueuedRow } from "./delivery-worker";

/** An in-memory queue: rows due at once, each claimed once. */
function memoryQueue(n: number) {
  const rows: QueuedRow[] = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, attempts: 0 }));
  const sent: string[] = [];
  const queue: DeliveryQueue<QueuedRow> = {
    claim: async () => {
      const row = rows.shift();
      return row ? { ...row, attempts: row.attempts + 1 } : null;
    },
    send: async (row) => {
      sent.push(row.id);
    },
    markSent: async () => {},
    markFailed: async () => {},
  };
  return { queue, sent };
}

describe("DeliveryWorker › MAIL_QUEUE_PER_MINUTE", () => {
  it("spaces sends 60 s / rate apart: the worker asks to wait before each send after the first", async () => {
    const { queue, sent } = memoryQueue(3);
    const waits: number[] = [];
    const worker = new DeliveryWorker(queue, {
      now: () => new Date(),
      perMinute: 120,
      sleep: async (ms) => {
        waits.push(ms);
      },
      name: "test",
    });
    await worker.drain();
    expect(sent).toEqual(["r0", "r1", "r2"]);
    // Three sends and the final empty claim: every pass after the first waits up to 500 ms.
    expect(waits.length).toBeGreaterThanOrEqual(2);
    for (const ms of waits) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(500);
    }
    await worker.stop();
  });

  it("without a rate, never waits", async () => {
    const { queue, sent } = memoryQueue(3);
    const waits: number[] = [];
    const worker = new DeliveryWorker(queue, {
      now: () => new Date(),
      sleep: async (ms) => {
        waits.push(ms);
      },
      name: "test",
    });
    await worker.drain();
    expect(sent).toHaveLength(3);
    expect(waits).toEqual([]);
    await worker.stop();
  });

  it("a bad MAIL_QUEUE_PER_MINUTE stops the start with one line naming it", () => {
    for (const value of ["0", "abc", "1.5", "100001"]) {
      expect(() => loadConfig({ MAIL_QUEUE_PER_MINUTE: value }, null)).toThrow(ConfigError);
      expect(() => loadConfig({ MAIL_QUEUE_PER_MINUTE: value }, null)).toThrow(
        /^Invalid environment variable MAIL_QUEUE_PER_MINUTE: /,
      );
    }
    expect(loadConfig({}, null).mailQueuePerMinute).toBe(60);
    expect(loadConfig({ MAIL_QUEUE_PER_MINUTE: "5" }, null).mailQueuePerMinute).toBe(5);
  });
});
