import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "../test/factories";
import { type MastodonPeer, startMastodonPeer } from "../test/mastodon-peer";
import { buildTestApp, type TestApp } from "../test/test-app";

// A seeded fuzz of the inbox: random JSON-LD shapes, missing and wrong-typed fields, deep
// nesting, proofs and signatures naming keys nobody can fetch, signed (draft-cavage, by a real
// peer whose key verifies) and unsigned. No answer may be a 5xx, and the blog must still serve.
// `INBOX_FUZZ_SEED=n` replays a run; `INBOX_FUZZ_COUNT=10000` is the long run (docs/fediverse.md).
const SEED = Number(process.env.INBOX_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const COUNT = Number(process.env.INBOX_FUZZ_COUNT ?? 300);
const DUET = "http://127.0.0.1:3000";

/** mulberry32: small, fast, and the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let peer: MastodonPeer;
let postId = "";
beforeAll(async () => {
  peer = await startMastodonPeer();
  t = await buildTestApp({ FEDIVERSE_ALLOW_PRIVATE: "true" });
  postId = (await createPost(t.ctx, { author: "her" })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

function generator(rand: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const chance = (p: number) => rand() < p;
  const closed = "http://127.0.0.1:9";
  const urls = () => [
    peer.actorUri,
    `${peer.origin}/users/bob/statuses/${Math.floor(rand() * 50)}`,
    `${peer.origin}/nothing-here`,
    `${closed}/users/eve`,
    `${DUET}/ap/users/her`,
    `${DUET}/ap/posts/${postId}`,
    `${DUET}/ap/posts/not-a-uuid`,
    "https://www.w3.org/ns/activitystreams#Public",
    "javascript:alert(1)",
    "",
  ];
  const types = [
    "Follow",
    "Undo",
    "Like",
    "Announce",
    "Create",
    "Update",
    "Delete",
    "Flag",
    "Move",
    "Note",
    "Person",
    "Tombstone",
    "Article",
    "Accept",
    "x",
  ];
  const contexts = () => [
    "https://www.w3.org/ns/activitystreams",
    ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
    [
      "https://www.w3.org/ns/activitystreams",
      { toot: "http://joinmastodon.org/ns#", sensitive: "as:sensitive" },
    ],
    `${peer.origin}/ctx.jsonld`,
    `${closed}/ctx.jsonld`,
    { "@vocab": "https://evil.example/#", id: "@id", type: "@type" },
    { "@import": `${peer.origin}/ctx.jsonld` },
    null,
    42,
    [],
  ];
  const scalar = (): unknown =>
    pick([
      () => pick(urls()),
      () => Math.floor(rand() * 1e9) - 5e8,
      () => rand() > 0.5,
      () => null,
      () => "x".repeat(Math.floor(rand() * 300)),
      () => "2026-13-45T99:99:99Z",
      () => ({}),
      () => [],
    ])();
  const nest = (depth: number): unknown => {
    let value: unknown = scalar();
    for (let i = 0; i < depth; i++)
      value = chance(0.5) ? [value] : { id: pick(urls()), type: pick(types), object: value };
    return value;
  };
  const note = (): Record<string, unknown> => ({
    id: chance(0.8) ? `${peer.origin}/users/bob/statuses/${Math.floor(rand() * 50)}` : scalar(),
    type: chance(0.8) ? pick(["Note", "Article", "Tombstone"]) : scalar(),
    attributedTo: chance(0.8) ? peer.actorUri : scalar(),
    content: chance(0.8) ? `<p>${"hi ".repeat(Math.floor(rand() * 20))}<script>x</script></p>` : scalar(),
    inReplyTo: chance(0.7) ? `${DUET}/ap/posts/${postId}` : scalar(),
    published: chance(0.7) ? new Date().toISOString() : scalar(),
    tag: chance(0.3)
      ? [
          { type: "Mention", href: pick(urls()) },
          { type: "Hashtag", name: scalar() },
        ]
      : undefined,
    attachment: chance(0.2) ? [{ type: "Document", url: pick(urls()), mediaType: scalar() }] : undefined,
  });
  const proof = () => ({
    type: pick(["DataIntegrityProof", "x", 5]),
    cryptosuite: pick(["eddsa-jcs-2022", "rsa", null]),
    verificationMethod: pick([
      `${closed}/users/eve#ed25519-key`,
      `${peer.origin}/missing#key`,
      peer.actorUri,
      7,
    ]),
    proofPurpose: "assertionMethod",
    proofValue: pick(["z3FXQjecWufY46yg5abdVZsXqLhxhueuSoZg", "", 1]),
    created: pick(["2026-01-01T00:00:00Z", "yesterday", null]),
  });
  const ldSignature = () => ({
    type: "RsaSignature2017",
    creator: pick([
      `${closed}/users/eve#main-key`,
      `${peer.origin}/missing#main-key`,
      `${peer.actorUri}#main-key`,
    ]),
    created: "2026-01-01T00:00:00Z",
    signatureValue: pick(["YWJj", "", "!!"]),
  });

  return function activity(): { body: string; sign: "bob" | "unreachable" | "none" } {
    const type = chance(0.85) ? pick(types.slice(0, 8)) : pick([...types, scalar()]);
    const json: Record<string, unknown> = {
      "@context": chance(0.8) ? contexts()[0] : pick(contexts()),
      id: chance(0.85) ? `${peer.origin}/activities/${Math.floor(rand() * 1e6)}` : scalar(),
      type,
      actor: chance(0.85)
        ? peer.actorUri
        : pick([scalar(), [peer.actorUri, `${closed}/u`], { id: peer.actorUri }]),
      object: pick([
        () => pick(urls()),
        note,
        () => nest(Math.floor(rand() * 40)),
        scalar,
        () => ({
          id: `${peer.origin}/follows/1`,
          type: "Follow",
          actor: peer.actorUri,
          object: `${DUET}/ap/users/her`,
        }),
      ])(),
    };
    if (chance(0.1)) json.proof = proof();
    if (chance(0.1)) json.signature = ldSignature();
    if (chance(0.1)) json.to = pick([scalar(), [scalar(), scalar()]]);
    if (chance(0.05)) delete json[pick(["@context", "id", "type", "actor", "object"])];
    let body = JSON.stringify(json);
    if (chance(0.03)) body = body.slice(0, Math.floor(rand() * body.length));
    if (chance(0.02)) body = `${"[".repeat(5000 + Math.floor(rand() * 20_000))}${"]".repeat(5000)}`;
    return { body, sign: pick(["bob", "bob", "unreachable", "none"] as const) };
  };
}

describe("inbox fuzz", () => {
  it(`answers ${COUNT} random activities without a 5xx and keeps serving`, {
    timeout: 120_000 + COUNT * 500,
  }, async () => {
    console.log(`inbox fuzz: seed ${SEED}, ${COUNT} requests (INBOX_FUZZ_SEED=${SEED} replays it)`);
    const next = generator(random(SEED));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const { body, sign } = next();
      const url = pick2(i);
      const headers =
        sign === "none"
          ? { "content-type": "application/activity+json" }
          : peer.sign(
              `${DUET}${url}`,
              body,
              sign === "bob" ? undefined : "http://127.0.0.1:9/users/eve#main-key",
            );
      const res = await t.request({ method: "POST", url, headers, payload: body });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`#${i} ${res.statusCode} ${body.slice(0, 300)}`);
    }
    console.log(`inbox fuzz: seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures).toEqual([]);
    const health = await t.request({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    const page = await t.request({
      method: "GET",
      url: "/ap/users/her",
      headers: { accept: "application/activity+json" },
    });
    expect(page.statusCode).toBe(200);
  });
});

const pick2 = (i: number) => (i % 3 === 0 ? "/ap/users/her/inbox" : "/ap/inbox");
