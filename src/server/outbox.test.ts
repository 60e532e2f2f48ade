import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { eventDeliveries, siteState } from "./db/schema";
import type { Subscriber } from "./events";
import { EVENT_LEASE_MS, Outbox } from "./outbox";
import { openTestDatabase } from "./test/test-app";

// The outbox's claim (docs/decisions/0043): whatever the number of processes and tries, each
// (event, subscriber) is handled once; a failure is tried again; a finished one never is.

let database: Database;
let clock = Date.now();
const now = () => new Date(clock);
const outboxes: Outbox[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const o of outboxes) await o.close();
  await database.close();
});

/** A "process": its own outbox on the shared database, with one subscriber `name`. */
function processWith(name: string, handle: Subscriber["handle"]): Outbox {
  const outbox = new Outbox({ db: database.db, notify: database.kind === "postgres", now });
  outbox.subscribe({ name, on: ["likeChanged"], handle });
  outboxes.push(outbox);
  return outbox;
}

/** Record an event as a write would, then die before handling it: its lease must run out. */
async function recordAndDie(outbox: Outbox, postId: string): Promise<number> {
  const id = await database.db.transaction((tx) => outbox.record(tx as never, "likeChanged", { postId }));
  clock += EVENT_LEASE_MS + 1_000;
  return id;
}

const counting = (seen: string[]): Subscriber["handle"] => {
  return async (event, tx) => {
    if (event.name !== "likeChanged") return undefined;
    // Its own write, kept exactly when the delivery is marked done.
    await tx.execute(sql`select 1`);
    seen.push(event.payload.postId);
    return undefined;
  };
};

const deliveryOf = async (eventId: number) =>
  (await database.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, eventId)))[0];

describe("the outbox's claim", () => {
  it("two workers, one event left by a dead process: it is handled once", async () => {
    const seen: string[] = [];
    const writer = processWith("claim-once", counting(seen));
    const id = await recordAndDie(writer, "p-once");
    const a = processWith("claim-once", counting(seen));
    const b = processWith("claim-once", counting(seen));
    await Promise.all([a.kick(), b.kick(), a.kick(), b.kick()]);
    expect(seen).toEqual(["p-once"]);
    expect(await deliveryOf(id)).toMatchObject({ status: "done", claimedBy: null });
  });

  it("the writer handles its own event after the commit, and nothing when it rolls back", async () => {
    const seen: string[] = [];
    const writer = processWith("own-commit", counting(seen));
    await writer.transaction((_tx, record) => record("likeChanged", { postId: "p-kept" }));
    await expect(
      writer.transaction(async (_tx, record) => {
        await record("likeChanged", { postId: "p-rolled-back" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    clock += EVENT_LEASE_MS + 1_000;
    await writer.kick();
    expect(seen).toEqual(["p-kept"]);
  });

  it("a handler that throws is retried later, and its writes of the failed try are not kept", async () => {
    let fail = true;
    const seen: string[] = [];
    const version = async () =>
      (await database.db.select().from(siteState).where(eq(siteState.id, 1)))[0]?.contentVersion ?? 0;
    const before = await version();
    const worker = processWith("retried", async (event, tx) => {
      if (event.name !== "likeChanged") return undefined;
      await tx
        .insert(siteState)
        .values({ id: 1, contentVersion: 1 })
        .onConflictDoUpdate({
          target: siteState.id,
          set: { contentVersion: sql`${siteState.contentVersion} + 1` },
        });
      if (fail) throw new Error("smtp is down");
      seen.push(event.payload.postId);
      return undefined;
    });
    const id = await recordAndDie(worker, "p-retry");
    await worker.kick();
    expect(seen).toEqual([]);
    expect(await deliveryOf(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "smtp is down" });
    // Not before its retry time (a minute after the failure).
    fail = false;
    await worker.kick();
    expect(seen).toEqual([]);
    clock += 61_000;
    await worker.kick();
    expect(seen).toEqual(["p-retry"]);
    expect(await deliveryOf(id)).toMatchObject({ status: "done", lastError: null });
    expect(await version()).toBe(before + 1);
  });

  it("a done delivery is not run again, by a claim or by a direct try", async () => {
    const seen: string[] = [];
    const worker = processWith("done-once", counting(seen));
    const id = await recordAndDie(worker, "p-done");
    await worker.kick();
    expect(seen).toEqual(["p-done"]);
    clock += 10 * EVENT_LEASE_MS;
    await worker.kick();
    expect(await worker.handleOne(id, "done-once")).toBe(false);
    expect(seen).toEqual(["p-done"]);
  });

  it("runs what a subscriber returns only after its delivery committed", async () => {
    const order: string[] = [];
    const worker = processWith("after-commit", async (_event, tx) => {
      await tx.execute(sql`select 1`);
      order.push("handled");
      return () => order.push("woke the worker");
    });
    await worker.transaction((_tx, record) => record("likeChanged", { postId: "p-after" }));
    expect(order).toEqual(["handled", "woke the worker"]);
  });
});
