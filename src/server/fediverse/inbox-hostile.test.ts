import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateCryptoKeyPair, signRequest } from "@fedify/fedify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fediverseKv, fediverseQueue } from "../db/schema";
import { buildTestApp, type TestApp } from "../test/test-app";

// Hostile inbox requests (docs/fediverse.md, "What Duet refuses"): each answers a clear 4xx, none
// a 5xx, nothing is fetched that a signature check would not need, and the blog keeps serving.
let t: TestApp;
let peer: Server;
let peerOrigin = "";
const hits: string[] = [];
beforeAll(async () => {
  // A server that answers 404 to everything: keys and contexts named on it cannot be fetched.
  peer = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => peer.listen(0, "127.0.0.1", resolve));
  peerOrigin = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  t = await buildTestApp({ FEDIVERSE_ALLOW_PRIVATE: "true" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => peer?.close(resolve));
});

const DUET = "http://127.0.0.1:3000";
const post = (body: string, headers: Record<string, string> = {}) =>
  t.request({
    method: "POST",
    url: "/ap/inbox",
    headers: { "content-type": "application/activity+json", ...headers },
    payload: body,
  });
const like = (n: number, extra: Record<string, unknown> = {}) => ({
  "@context": "https://www.w3.org/ns/activitystreams",
  id: `${peerOrigin}/likes/${n}`,
  type: "Like",
  actor: `${peerOrigin}/users/eve`,
  object: `${DUET}/ap/users/her`,
  ...extra,
});
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;
async function stillServing() {
  const health = await t.request({ method: "GET", url: "/api/health" });
  expect(health.statusCode).toBe(200);
}

describe("POST /ap/inbox with keys that cannot be fetched", () => {
  it("refuses a Data Integrity proof naming an unreachable verificationMethod (401), twice, and serves on", async () => {
    for (const key of [`${peerOrigin}/users/eve#ed25519-key`, "https://unreachable.invalid/users/eve#key"]) {
      for (const n of [1, 2]) {
        const res = await post(
          JSON.stringify({
            ...like(n, {
              "@context": [
                "https://www.w3.org/ns/activitystreams",
                "https://w3id.org/security/data-integrity/v1",
              ],
            }),
            proof: {
              type: "DataIntegrityProof",
              cryptosuite: "eddsa-jcs-2022",
              verificationMethod: key,
              proofPurpose: "assertionMethod",
              proofValue:
                "z3FXQjecWufY46yg5abdVZsXqLhxhueuSoZgNSARiKBk9czhSePTFehP8c3PGfb6a22gkfUKKFrq3ccL3Q9RHuJhH",
              created: "2026-01-01T00:00:00Z",
            },
          }),
        );
        expect(res.statusCode, res.body).toBe(401);
        expect(errorOf(res)).toBe("INVALID_SIGNATURE");
      }
    }
    await stillServing();
  });

  it("refuses an HTTP signature whose keyId cannot be fetched (401, not 500), and caches the miss", async () => {
    const keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    for (const keyId of [
      `${peerOrigin}/users/eve#main-key`,
      "https://unreachable.invalid/users/eve#main-key",
    ]) {
      for (const n of [3, 4]) {
        const body = JSON.stringify(like(n));
        const signed = await signRequest(
          new Request(`${DUET}/ap/inbox`, {
            method: "POST",
            headers: { "content-type": "application/activity+json" },
            body,
          }),
          keys.privateKey,
          new URL(keyId),
        );
        const res = await post(body, Object.fromEntries(signed.headers));
        expect(res.statusCode, res.body).toBe(401);
      }
    }
    const cached = await t.ctx.db.select().from(fediverseKv);
    expect(cached.find((row) => row.key.includes(`${peerOrigin}/users/eve#main-key`))?.value).toBeNull();
    await stillServing();
  });

  it("refuses an LD signature whose creator cannot be fetched (401)", async () => {
    const res = await post(
      JSON.stringify(
        like(5, {
          signature: {
            type: "RsaSignature2017",
            creator: `${peerOrigin}/users/eve#main-key`,
            created: "2026-01-01T00:00:00Z",
            signatureValue: "YWJj",
          },
        }),
      ),
    );
    expect(res.statusCode, res.body).toBe(401);
    await stillServing();
  });
});

describe("POST /ap/inbox with hostile shapes", () => {
  it("refuses a 20,000-deep array with 400 before any JSON-LD work", async () => {
    const deep = `${"[".repeat(20_000)}1${"]".repeat(20_000)}`;
    const res = await post(JSON.stringify(like(6)).replace(`"${DUET}/ap/users/her"`, deep));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toBe("TOO_DEEP");
    await stillServing();
  });

  it("never fetches a JSON-LD context a request names", async () => {
    hits.length = 0;
    for (const context of [
      `${peerOrigin}/ctx.jsonld`,
      ["https://www.w3.org/ns/activitystreams", `${peerOrigin}/ctx2.jsonld`],
    ]) {
      const res = await post(JSON.stringify(like(7, { "@context": context })));
      // Read with the unknown context as empty: no actor is left (400), or the signature is missing (401).
      expect([400, 401], res.body).toContain(res.statusCode);
    }
    expect(hits).toEqual([]);
  });

  it("answers an activity without a type, or of a type Duet does not act on, with 400 and queues nothing", async () => {
    const { type: _, ...untyped } = like(8);
    for (const [body, code] of [
      [untyped, "INVALID_ACTIVITY"],
      [{ ...untyped, type: 7 }, "INVALID_ACTIVITY"],
      [{ ...untyped, type: "Move" }, "UNSUPPORTED_ACTIVITY"],
      [[like(9)], "INVALID_ACTIVITY"],
    ] as const) {
      const res = await post(JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toBe(code);
    }
    const invalid = await post("{not json");
    expect([invalid.statusCode, errorOf(invalid)]).toEqual([400, "INVALID_JSON"]);
    expect(await t.ctx.db.select().from(fediverseQueue)).toEqual([]);
  });
});
