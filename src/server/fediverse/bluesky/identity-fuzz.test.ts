import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Config } from "../../env";
import { HandleNotFound, resolveAccount } from "./identity";
import { XrpcError, XrpcUnreachable } from "./xrpc";

// Fuzz of the parsers of what other servers answer when a handle is resolved: the resolver's
// JSON, the DID document, statuses and bodies of any shape. Each try ends in a resolved account
// of the right shape or one of the three refusals the connect route turns into a 400; never
// another error (a TypeError would be a 500). BLUESKY_FUZZ_COUNT and BLUESKY_FUZZ_SEED replay.

const COUNT = Number(process.env.BLUESKY_FUZZ_COUNT ?? 300);
const SEED = Number(process.env.BLUESKY_FUZZ_SEED ?? Date.now() % 1_000_000);
let seed = SEED;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const DID = "did:plc:abcdefghijklmnopqrstuvwx";

function junk(depth = 0): unknown {
  const leaf = [null, true, 0, -1, 2 ** 60, "", "x".repeat(5000), "at://alice.test", DID, "#atproto_pds"];
  if (depth > 3) return pick(leaf);
  return pick([
    () => pick(leaf),
    () => Array.from({ length: Math.floor(random() * 4) }, () => junk(depth + 1)),
    () =>
      Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
          pick(["id", "did", "alsoKnownAs", "service", "serviceEndpoint", "error", "message", `k${i}`]),
          junk(depth + 1),
        ]),
      ),
  ])();
}

/** A DID document that is nearly right, with one part wrong in a random way. */
function nearDocument(origin: string): unknown {
  const doc: Record<string, unknown> = {
    id: DID,
    alsoKnownAs: ["at://alice.test"],
    service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: origin }],
  };
  const key = pick(["id", "alsoKnownAs", "service", "none"]);
  if (key !== "none") doc[key] = junk();
  return doc;
}

let server: http.Server;
let origin = "";
let answer: () => { status: number; type: string; body: string } = () => ({
  status: 200,
  type: "",
  body: "",
});

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    const { status, type, body } = answer();
    response.writeHead(status, type ? { "content-type": type } : {});
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it(`refuses ${COUNT} hostile or broken identity answers cleanly (seed ${SEED})`, async () => {
  const config = { bluesky: { resolverUrl: origin, plcUrl: origin } } as Config;
  const outcomes = new Map<string, number>();
  for (let i = 0; i < COUNT; i++) {
    const step = { n: 0 };
    answer = () => {
      step.n++;
      const status = pick([200, 200, 200, 400, 404, 500, 302]);
      const body = pick([
        () => JSON.stringify(step.n === 1 ? { did: pick([DID, junk()]) } : nearDocument(origin)),
        () => JSON.stringify(junk()),
        () => "not json {",
        () => "",
      ])();
      return { status, type: pick(["application/json", "text/html", ""]), body };
    };
    try {
      const account = await resolveAccount(
        config,
        { allowPrivate: true },
        pick(["alice.test", DID, "@Alice.Test"]),
      );
      expect(account.did).toBe(DID);
      expect(account.pdsUrl).toMatch(/^https?:\/\//);
      outcomes.set("resolved", (outcomes.get("resolved") ?? 0) + 1);
    } catch (error) {
      const known =
        error instanceof HandleNotFound || error instanceof XrpcUnreachable || error instanceof XrpcError;
      if (!known) throw new Error(`try ${i} (BLUESKY_FUZZ_SEED=${SEED}): ${String(error)}`);
      outcomes.set(error.constructor.name, (outcomes.get(error.constructor.name) ?? 0) + 1);
    }
  }
  // The fuzz reached both ends: some answers resolve, most are refused.
  expect(outcomes.get("HandleNotFound") ?? 0).toBeGreaterThan(0);
});
