import "./node-runtime";
import {
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  MemoryKvStore,
  type SignRequestOptions,
  signRequest,
  verifyRequest,
} from "@fedify/fedify";
import { CryptographicKey, Person } from "@fedify/vocab";
import { describe, expect, it } from "vitest";

// Proof that the parts of Fedify 2.x that Duet uses run on this Node (0029): keys, JWK round
// trips, both HTTP signature specs, URL-pattern routing and Temporal-based time checks.
const ORIGIN = "https://blog.example";

let server: ReturnType<typeof makeKeyServer> | undefined;
const keyServer = () => {
  server ??= makeKeyServer();
  return server;
};

async function makeKeyServer() {
  const rsa = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
  const ed = await generateCryptoKeyPair("Ed25519");
  const federation = createFederation<void>({ kv: new MemoryKvStore() });
  federation
    .setActorDispatcher("/ap/users/{identifier}", async (ctx, identifier) => {
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher(async () => [rsa, ed]);
  const documentLoader = async (url: string) => {
    const res = await federation.fetch(
      new Request(url, { headers: { accept: "application/activity+json" } }),
      {
        contextData: undefined,
      },
    );
    return { contextUrl: null, documentUrl: url, document: await res.json() };
  };
  return { rsa, ed, federation, documentLoader };
}

describe("Fedify on Node 20", () => {
  it("generates RSA and Ed25519 keys and round-trips them through JWK", async () => {
    for (const algorithm of ["RSASSA-PKCS1-v1_5", "Ed25519"] as const) {
      const pair = await generateCryptoKeyPair(algorithm);
      const privateKey = await importJwk(await exportJwk(pair.privateKey), "private");
      const publicKey = await importJwk(await exportJwk(pair.publicKey), "public");
      expect(privateKey.algorithm.name).toBe(algorithm);
      expect(publicKey.type).toBe("public");
    }
  });

  it("routes WebFinger and actor URLs through URLPattern", async () => {
    const { federation } = await keyServer();
    const actor = await federation.fetch(
      new Request(`${ORIGIN}/ap/users/her`, { headers: { accept: "application/activity+json" } }),
      { contextData: undefined },
    );
    expect(actor.status).toBe(200);
    const body = (await actor.json()) as { preferredUsername: string; publicKey: { publicKeyPem: string } };
    expect(body.preferredUsername).toBe("her");
    expect(body.publicKey.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    const finger = await federation.fetch(
      new Request(`${ORIGIN}/.well-known/webfinger?resource=acct:her@blog.example`),
      {
        contextData: undefined,
      },
    );
    expect(((await finger.json()) as { subject: string }).subject).toBe("acct:her@blog.example");
  });

  for (const spec of ["draft-cavage-http-signatures-12", "rfc9421"] as const) {
    it(`signs and verifies a request (${spec}), and refuses a tampered one`, async () => {
      const { rsa, documentLoader } = await keyServer();
      const keyId = new URL(`${ORIGIN}/ap/users/her#main-key`);
      const request = () =>
        new Request("https://remote.example/inbox", {
          method: "POST",
          headers: { "content-type": "application/activity+json" },
          body: JSON.stringify({ type: "Like" }),
        });
      const signed = await signRequest(request(), rsa.privateKey, keyId, { spec });
      const key = await verifyRequest(signed.clone(), { documentLoader });
      expect(key).toBeInstanceOf(CryptographicKey);
      expect(key?.id?.href).toBe(keyId.href);
      const forged = new Request(signed.url, {
        method: "POST",
        headers: signed.headers,
        body: JSON.stringify({ type: "Announce" }),
      });
      expect(await verifyRequest(forged, { documentLoader })).toBeNull();
    });
  }

  it("refuses a signature older than the time window (Temporal)", async () => {
    const { rsa, documentLoader } = await keyServer();
    const { Temporal } = await import("@js-temporal/polyfill");
    const signed = await signRequest(
      new Request("https://remote.example/inbox", { method: "POST", body: "{}" }),
      rsa.privateKey,
      new URL(`${ORIGIN}/ap/users/her#main-key`),
      // The polyfill's Instant is what Fedify uses at run time; its types name the global one.
      { currentTime: Temporal.Now.instant().subtract({ hours: 2 }) } as unknown as SignRequestOptions,
    );
    expect(await verifyRequest(signed, { documentLoader })).toBeNull();
  });
});
