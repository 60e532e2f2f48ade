import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app";
import { archiveTables } from "../../archive/tables";
import { type AtprotoNetwork, startAtprotoNetwork } from "../../test/atproto-network";
import { fastPasswordHasher } from "../../test/fast-password";
import { requestAs } from "../../test/roles";
import { buildTestApp, type TestApp } from "../../test/test-app";

// The app password and the session tokens never leave the server: not in a log line at the most
// verbose level, not in the OpenAPI document, not in an archive (even with its secrets).

let net: AtprotoNetwork;
let t: TestApp;
let logged = "";
let traced: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  net = await startAtprotoNetwork(["alice"]);
  t = await buildTestApp({
    FEDIVERSE_ALLOW_PRIVATE: "true",
    BLUESKY_RESOLVER_URL: net.pds,
    BLUESKY_PLC_URL: net.plc,
  });
  // A second process on the same database, logging everything, as LOG_LEVEL=trace would.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  traced = await buildApp({
    config: t.config,
    database: t.ctx.database,
    secret: "test-secret-test-secret-test-secret-000",
    mailer: t.mailer,
    passwordHasher: fastPasswordHasher,
    logger: { level: "trace", stream },
  });
  await traced.app.ready();
}, 90_000);
afterAll(async () => {
  await traced?.app.close();
  await t?.close();
  await net?.close();
});

it("logs no app password and no token, through a refusal, a connection and a publish", async () => {
  const her = await t.as("her");
  const inject = (method: "POST" | "GET", url: string, payload?: object) =>
    traced.app.inject({
      method,
      url,
      payload,
      headers: { cookie: her.cookie, origin: "http://127.0.0.1:3000" },
    });
  const { appPassword } = net.accounts.alice!;
  expect(
    (await inject("POST", "/api/admin/bluesky", { handle: "alice.test", appPassword: "wxyz-wxyz-wxyz-wxyz" }))
      .statusCode,
  ).toBe(400);
  expect((await inject("POST", "/api/admin/bluesky", { handle: "alice.test", appPassword })).statusCode).toBe(
    200,
  );
  expect(
    (await inject("POST", "/api/posts", { title: "Logged quietly", content: "<p>Text.</p>", author: "her" }))
      .statusCode,
  ).toBe(201);
  await traced.ctx.publishing.kick();
  await traced.ctx.fediverse.bluesky.kick();
  expect(logged.length).toBeGreaterThan(1000);
  expect(logged).not.toContain(appPassword);
  expect(logged).not.toContain("wxyz-wxyz-wxyz-wxyz");
  expect(logged).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  // The session was made, so there were tokens to leak.
  const status = await requestAs(t, "GET", "/api/admin/bluesky", her);
  expect(status.json().account.handle).toBe("alice.test");
});

it("keeps the account out of the OpenAPI document's examples and out of every archive", async () => {
  const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
  const connect = doc.paths["/api/admin/bluesky"];
  expect(Object.keys(connect).sort()).toEqual(["delete", "get", "post"]);
  expect(JSON.stringify(connect)).not.toMatch(/"examples?"/);
  expect(archiveTables({ withSecrets: true }).map((a) => a.name)).not.toContain("bluesky_accounts");
  // The records' references travel: reconnecting the same account after a move edits them.
  expect(archiveTables({ withSecrets: false }).map((a) => a.name)).toContain("bluesky_records");
});
