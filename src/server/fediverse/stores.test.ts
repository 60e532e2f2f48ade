import "./node-runtime";
import { testMessageQueue } from "@fedify/testing";
import { Temporal } from "@js-temporal/polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/test-app";
import { DbKvStore } from "./kv-store";
import { DbMessageQueue } from "./message-queue";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("DbMessageQueue", () => {
  it("passes Fedify's message queue conformance tests (delays, bulk, one listener per message)", async () => {
    await testMessageQueue(
      () => new DbMessageQueue(database.db),
      ({ controller }) => controller.abort(),
    );
  }, 60_000);
});

describe("DbMessageQueue with a long idle poll (the embedded database)", () => {
  it("handles a delayed message when it is due and a new one at once, without polling every 2 s", async () => {
    const queue = new DbMessageQueue(database.db, undefined, 60_000);
    const controller = new AbortController();
    const handled: Array<{ what: string; at: number }> = [];
    const listening = queue.listen((m) => void handled.push({ what: String(m), at: Date.now() }), {
      signal: controller.signal,
    });
    const sent = Date.now();
    await queue.enqueue("later", { delay: Temporal.Duration.from({ milliseconds: 300 }) as never });
    await queue.enqueue("now");
    const deadline = Date.now() + 20_000;
    while (handled.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await listening;
    expect(handled.map((h) => h.what)).toEqual(["now", "later"]);
    expect(handled[1]!.at - sent).toBeGreaterThanOrEqual(300);
  }, 30_000);
});

describe("DbKvStore", () => {
  it("gets, sets, lists by prefix, expires and deletes", async () => {
    const kv = new DbKvStore(database.db);
    await kv.set(["a", "b"], { n: 1 });
    await kv.set(["a", "c"], 2);
    await kv.set(["ab"], 3);
    await kv.set(["gone"], 4, { ttl: Temporal.Duration.from({ milliseconds: 1 }) as never });
    expect(await kv.get(["a", "b"])).toEqual({ n: 1 });
    const listed = [];
    for await (const entry of kv.list(["a"])) listed.push(entry.key.join("/"));
    expect(listed.sort()).toEqual(["a/b", "a/c"]);
    await new Promise((r) => setTimeout(r, 20));
    expect(await kv.get(["gone"])).toBeUndefined();
    await kv.delete(["a", "b"]);
    expect(await kv.get(["a", "b"])).toBeUndefined();
  });
});

describe("DbKvStore and Fedify's negative key cache", () => {
  it("keeps a null (an unreachable key) as null, apart from a missing entry", async () => {
    const kv = new DbKvStore(database.db);
    await kv.set(["_fedify", "publicKey", "https://gone.example/key"], null);
    expect(await kv.get(["_fedify", "publicKey", "https://gone.example/key"])).toBeNull();
    await kv.set(["_fedify", "publicKey", "https://gone.example/key"], undefined);
    expect(await kv.get(["_fedify", "publicKey", "https://gone.example/key"])).toBeNull();
    expect(await kv.get(["_fedify", "publicKey", "https://other.example/key"])).toBeUndefined();
  });
});
