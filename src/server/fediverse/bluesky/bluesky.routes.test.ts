import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blueskyAccounts } from "../../db/schema";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { type Roles, requestAs, signInRoles } from "../../test/roles";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { BLUESKY_MESSAGES } from "./bluesky.routes";

// Connecting, reading and disconnecting an author's Bluesky account against a real PLC and PDS
// on loopback (@atproto/dev-env under Node 22, test/atproto-net): no mock of atproto.

let net: AtprotoNetwork;
let t: TestApp;
let roles: Roles;
const URL_ = "/api/admin/bluesky";

const accounts = () => t.ctx.db.select().from(blueskyAccounts);
const connect = (who: Roles[keyof Roles] | null, payload: unknown) =>
  requestAs(t, "POST", URL_, who, payload);

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice", "bob"]);
  t = await buildTestApp({
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
  roles = await signInRoles(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await net?.close();
});

describe("Bluesky connection › who may call it", () => {
  it("answers a visitor 401 and a reader 403 on every call, storing nothing", async () => {
    const good = { handle: "alice.test", appPassword: net.accounts.alice!.appPassword };
    for (const [method, payload] of [
      ["GET", undefined],
      ["POST", good],
      ["DELETE", undefined],
    ] as const) {
      expect((await requestAs(t, method, URL_, null, payload)).statusCode).toBe(401);
      expect((await requestAs(t, method, URL_, roles.reader, payload)).statusCode).toBe(403);
    }
    expect(await accounts()).toEqual([]);
  });
});

describe("Bluesky connection › malformed input is a 400 and stores nothing", () => {
  const cases: Array<[string, unknown]> = [
    ["no body", undefined],
    ["a list", ["alice.test"]],
    ["a number handle", { handle: 42, appPassword: "abcd-efgh-ijkl-mnop" }],
    ["no app password", { handle: "alice.test" }],
    ["the account's own password", { handle: "alice.test", appPassword: "alice-main-password" }],
    ["a huge handle", { handle: `${"a".repeat(20_000)}.test`, appPassword: "abcd-efgh-ijkl-mnop" }],
    ["a huge app password", { handle: "alice.test", appPassword: "a".repeat(20_000) }],
    ["an unknown field", { handle: "alice.test", appPassword: "abcd-efgh-ijkl-mnop", pds: "http://evil" }],
    ["a handle with a slash", { handle: "alice.test/../x", appPassword: "abcd-efgh-ijkl-mnop" }],
  ];
  for (const [name, payload] of cases)
    it(name, async () => {
      const res = await connect(roles.her, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
      expect(await accounts()).toEqual([]);
    });

  it("a DELETE with a body field", async () => {
    expect((await requestAs(t, "DELETE", URL_, roles.her, { force: true })).statusCode).toBe(400);
  });
});

describe("Bluesky connection › refusals from the network are clear 400s", () => {
  it("an unknown handle", async () => {
    const res = await connect(roles.her, { handle: "nobody.test", appPassword: "abcd-efgh-ijkl-mnop" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "BLUESKY_HANDLE_NOT_FOUND", message: BLUESKY_MESSAGES.handle });
    expect(await accounts()).toEqual([]);
  });

  it("a wrong app password", async () => {
    const res = await connect(roles.her, { handle: "alice.test", appPassword: "wxyz-wxyz-wxyz-wxyz" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "BLUESKY_LOGIN_FAILED", message: BLUESKY_MESSAGES.password });
    expect(await accounts()).toEqual([]);
  });

  it("an unreachable PDS (a resolver that is not there)", async () => {
    const other = await buildTestApp({
      FEDIVERSE_ALLOW_PRIVATE: "true",
      BLUESKY_RESOLVER_URL: "http://127.0.0.1:9",
      BLUESKY_PLC_URL: net.plc,
    });
    try {
      const her = await other.as("her");
      const res = await requestAs(other, "POST", URL_, her, {
        handle: "alice.test",
        appPassword: net.accounts.alice!.appPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("BLUESKY_UNREACHABLE");
      expect(await other.ctx.db.select().from(blueskyAccounts)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("loopback addresses when the configuration does not allow them", async () => {
    const guarded = await buildTestApp({ BLUESKY_RESOLVER_URL: net.pds, BLUESKY_PLC_URL: net.plc });
    try {
      const her = await guarded.as("her");
      const res = await requestAs(guarded, "POST", URL_, her, {
        handle: "alice.test",
        appPassword: net.accounts.alice!.appPassword,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("BLUESKY_UNREACHABLE");
    } finally {
      await guarded.close();
    }
  });
});

describe("Bluesky connection › each author connects and disconnects their own", () => {
  it("connects her account, answers its status and never the secret", async () => {
    const appPassword = net.accounts.alice!.appPassword;
    const res = await connect(roles.her, { handle: "@Alice.test", appPassword: appPassword.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const { account } = res.json();
    expect(account).toMatchObject({ handle: "alice.test", did: net.accounts.alice!.did, pdsUrl: net.pds });
    expect(res.body).not.toContain(appPassword);
    expect(res.body).not.toMatch(/jwt|eyJ/i);
    const status = await requestAs(t, "GET", URL_, roles.her);
    expect(status.json().account.handle).toBe("alice.test");
    expect(status.body).not.toContain(appPassword);
    // Stored sealed: neither the app password nor a token is readable in the row.
    const [row] = await accounts();
    expect(JSON.stringify(row)).not.toContain(appPassword);
    expect(JSON.stringify(row)).not.toMatch(/eyJ/);
    expect(t.ctx.sealer.open(row!.appPassword)).toBe(appPassword);
  });

  it("keeps his status apart: he has none, and his disconnect leaves hers", async () => {
    expect((await requestAs(t, "GET", URL_, roles.him)).json()).toEqual({ account: null });
    expect((await requestAs(t, "DELETE", URL_, roles.him)).statusCode).toBe(204);
    expect((await requestAs(t, "GET", URL_, roles.her)).json().account.handle).toBe("alice.test");
  });

  it("refuses a second connection while one is there (409), keeping the first", async () => {
    const res = await connect(roles.her, { handle: "bob.test", appPassword: net.accounts.bob!.appPassword });
    expect(res.statusCode).toBe(409);
    expect((await accounts()).map((a) => a.handle)).toEqual(["alice.test"]);
  });

  it("lets him connect another account beside hers", async () => {
    const res = await connect(roles.him, { handle: "bob.test", appPassword: net.accounts.bob!.appPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect((await accounts()).map((a) => `${a.author}:${a.handle}`).sort()).toEqual([
      "her:alice.test",
      "him:bob.test",
    ]);
  });

  it("disconnects: the session ends at the PDS and the account is forgotten", async () => {
    const [row] = (await accounts()).filter((a) => a.author === "her");
    const { refreshJwt } = JSON.parse(t.ctx.sealer.open(row!.session)!) as { refreshJwt: string };
    expect((await requestAs(t, "DELETE", URL_, roles.her)).statusCode).toBe(204);
    expect((await requestAs(t, "GET", URL_, roles.her)).json()).toEqual({ account: null });
    expect((await accounts()).map((a) => a.author)).toEqual(["him"]);
    const refreshed = await fetch(`${net.pds}/xrpc/com.atproto.server.refreshSession`, {
      method: "POST",
      headers: { authorization: `Bearer ${refreshJwt}` },
    });
    expect(refreshed.status).toBe(400);
  });
});
