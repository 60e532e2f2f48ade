import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app";
import { blueskyRecords } from "../../db/schema";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { fastPasswordHasher } from "../../test/fast-password";
import { requestAs } from "../../test/roles";
import { buildTestApp, type TestApp, type TestUser } from "../../test/test-app";

// A scheduled post reaches Bluesky once at its time, with two server processes on one database
// both woken when it is due: the publishing claim records one postBecamePublic, its delivery
// queues one row, and the row's lease hands it to one worker.

let net: AtprotoNetwork;
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let her: TestUser;
let heldAt = new Date();
const now = () => heldAt;

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice"]);
  t = await buildTestApp(
    { FEDIVERSE_ALLOW_PRIVATE: "true", BLUESKY_RESOLVER_URL: net.pds, BLUESKY_PLC_URL: net.plc },
    { now },
  );
  other = await buildApp({
    config: t.config,
    database: t.ctx.database,
    secret: "test-secret-test-secret-test-secret-000",
    mailer: t.mailer,
    now,
    passwordHasher: fastPasswordHasher,
  });
  await other.app.ready();
  her = await t.as("her");
}, 90_000);
afterAll(async () => {
  await other?.app.close();
  await t?.close();
  await net?.close();
});

async function records(collection: string): Promise<unknown[]> {
  const did = net.accounts.alice!.did;
  const res = await fetch(
    `${net.pds}/xrpc/com.atproto.repo.listRecords?repo=${did}&collection=${collection}`,
  );
  return ((await res.json()) as { records: unknown[] }).records;
}

it("a scheduled post goes out once at its time, whichever process is woken", async () => {
  const connected = await requestAs(t, "POST", "/api/admin/bluesky", her, {
    handle: "alice.test",
    appPassword: net.accounts.alice!.appPassword,
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const publishAt = new Date(heldAt.getTime() + 60_000).toISOString();
  const res = await requestAs(t, "POST", "/api/posts", her, {
    title: "At its time",
    content: "<p>Written ahead.</p>",
    author: "her",
    status: "scheduled",
    publishAt,
  });
  expect(res.statusCode, res.body).toBe(201);
  await Promise.all([t.ctx.fediverse.bluesky.kick(), other.ctx.fediverse.bluesky.kick()]);
  expect(await records("site.standard.document")).toEqual([]);

  heldAt = new Date(heldAt.getTime() + 120_000);
  await Promise.all([t.ctx.publishing.kick(), other.ctx.publishing.kick()]);
  await Promise.all([t.ctx.fediverse.bluesky.kick(), other.ctx.fediverse.bluesky.kick()]);

  expect(await records("site.standard.document")).toHaveLength(1);
  expect(await records("app.bsky.feed.post")).toHaveLength(1);
  const rows = await t.ctx.db.select().from(blueskyRecords);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ version: 1, pending: null, attempts: 0 });
});
