import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blueskyAccounts, blueskyRecords } from "../../db/schema";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { type Roles, requestAs, signInRoles } from "../../test/roles";
import { buildTestApp, type TestApp } from "../../test/test-app";

// The stored session on a real PDS: a dead access token is refreshed, a dead refresh token is
// replaced by signing in again with the sealed app password, a revoked app password is shown.

let net: AtprotoNetwork;
let t: TestApp;
let roles: Roles;

const records = async (collection: string) => {
  const did = net.accounts.alice!.did;
  const res = await fetch(
    `${net.pds}/xrpc/com.atproto.repo.listRecords?repo=${did}&collection=${collection}`,
  );
  return ((await res.json()) as { records: unknown[] }).records;
};
const account = async () =>
  (await t.ctx.db.select().from(blueskyAccounts).where(eq(blueskyAccounts.author, "her")))[0]!;
const tokens = async () =>
  JSON.parse(t.ctx.sealer.open((await account()).session)!) as Record<string, string>;
const setTokens = async (next: Record<string, string>) =>
  t.ctx.db
    .update(blueskyAccounts)
    .set({ session: t.ctx.sealer.seal(JSON.stringify(next)) })
    .where(eq(blueskyAccounts.author, "her"));
async function publish(title: string) {
  const res = await requestAs(t, "POST", "/api/posts", roles.her, {
    title,
    content: "<p>Text.</p>",
    author: "her",
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.publishing.kick();
  await t.ctx.fediverse.bluesky.kick();
}

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice"]);
  t = await buildTestApp({
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
  roles = await signInRoles(t);
  const res = await requestAs(t, "POST", "/api/admin/bluesky", roles.her, {
    handle: "alice.test",
    appPassword: net.accounts.alice!.appPassword,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.ctx.fediverse.bluesky.kick();
}, 90_000);
afterAll(async () => {
  await t?.close();
  await net?.close();
});

describe("Bluesky sessions", () => {
  it("refreshes a session whose access token the PDS refuses", async () => {
    const before = await tokens();
    await setTokens({ ...before, accessJwt: "not-a-token" });
    await publish("After a refresh");
    expect(await records("site.standard.document")).toHaveLength(1);
    const after = await tokens();
    expect(after.accessJwt).not.toBe("not-a-token");
    expect(after.refreshJwt).not.toBe(before.refreshJwt);
  });

  it("signs in again with the sealed app password when the refresh token is dead too", async () => {
    await setTokens({ accessJwt: "dead", refreshJwt: "dead" });
    await publish("After signing in again");
    expect(await records("site.standard.document")).toHaveLength(2);
    expect((await tokens()).accessJwt).not.toBe("dead");
    expect((await account()).lastError).toBeNull();
  });

  it("says so on the Audience page when the app password was revoked, and retries later", async () => {
    // Revoke it on the PDS, as the author would in Bluesky's settings.
    const login = await fetch(`${net.pds}/xrpc/com.atproto.server.createSession`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "alice.test", password: net.accounts.alice!.password }),
    });
    const { accessJwt } = (await login.json()) as { accessJwt: string };
    const revoked = await fetch(`${net.pds}/xrpc/com.atproto.server.revokeAppPassword`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${accessJwt}` },
      body: JSON.stringify({ name: "duet" }),
    });
    expect(revoked.status).toBe(200);
    await setTokens({ accessJwt: "dead", refreshJwt: "dead" });
    await publish("Never arrives");
    expect(await records("site.standard.document")).toHaveLength(2);
    const status = (await requestAs(t, "GET", "/api/admin/bluesky", roles.her)).json();
    expect(status.account.lastError).toBe(
      "Bluesky refused the saved app password. Disconnect and connect again with a new one.",
    );
    // Still due: tried again after its backoff (a minute for the first failure).
    const waiting = (await t.ctx.db.select().from(blueskyRecords)).filter((r) => r.pending);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ pending: "put", attempts: 1, documentCid: null });
    expect(waiting[0]!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });
});
