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
