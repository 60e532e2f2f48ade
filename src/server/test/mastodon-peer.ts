import { createHash, createSign, createVerify, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A second ActivityPub server written without Fedify, the way Mastodon speaks: one account, `bob`,
 * whose requests are signed with draft-cavage HTTP signatures (`(request-target) host date digest
 * content-type`, rsa-sha256) by hand, and whose inbox accepts draft-cavage only (401 for RFC 9421
 * or unsigned requests, as an older Mastodon does). It records every delivery it was sent.
 */
export interface Delivery {
  path: string;
  status: number;
  spec: "draft-cavage" | "rfc9421" | "unsigned";
  verified: boolean;
  userAgent: string;
  body: Record<string, unknown>;
}

export interface MastodonPeer {
  origin: string;
  host: string;
  actorUri: string;
  deliveries: Delivery[];
  /** The account is gone: its actor answers 410 (as Mastodon's does after a deletion). */
  gone: boolean;
  /** Sign `activity` as bob and POST it to `url`; the answer's status and body. */
  send(url: string, activity: Record<string, unknown>): Promise<{ status: number; body: string }>;
  /** The headers bob's server would send with `body` to `url` (host included), signed as `keyId`. */
  sign(url: string, body: string, keyId?: string): Record<string, string>;
  close(): Promise<void>;
}

const AP = "application/activity+json";

function parseCavage(header: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of header.matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Is this a draft-cavage signature by the key it names, over these headers and this body? */
async function verifyCavage(req: IncomingMessage, body: Buffer): Promise<boolean> {
  const sig = parseCavage(String(req.headers.signature ?? ""));
  if (!sig.keyId || !sig.signature || !sig.headers) return false;
  const digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
  if (req.headers.digest !== digest) return false;
  const res = await fetch(sig.keyId, { headers: { accept: AP } });
  if (!res.ok) return false;
  const actor = (await res.json()) as {
    publicKey?: { id: string; publicKeyPem: string } | { id: string; publicKeyPem: string }[];
  };
  const key = [actor.publicKey ?? []].flat().find((k) => k.id === sig.keyId);
  if (!key) return false;
  const signed = sig.headers
    .split(" ")
    .map((h) =>
      h === "(request-target)" ? `(request-target): post ${req.url}` : `${h}: ${req.headers[h] ?? ""}`,
    )
    .join("\n");
  return createVerify("sha256").update(signed).verify(key.publicKeyPem, sig.signature, "base64");
}

export async function startMastodonPeer(): Promise<MastodonPeer> {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const deliveries: Delivery[] = [];
  let origin = "";
  const peer = { gone: false } as MastodonPeer;

  const actorDocument = () => ({
    "@context": [
      "https://www.w3.org/ns/activitystreams",
      "https://w3id.org/security/v1",
      { manuallyApprovesFollowers: "as:manuallyApprovesFollowers", toot: "http://joinmastodon.org/ns#" },
    ],
    id: `${origin}/users/bob`,
    type: "Person",
    preferredUsername: "bob",
    name: "Bob Mastodon",
    url: `${origin}/@bob`,
    inbox: `${origin}/users/bob/inbox`,
    outbox: `${origin}/users/bob/outbox`,
    followers: `${origin}/users/bob/followers`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    publicKey: { id: `${origin}/users/bob#main-key`, owner: `${origin}/users/bob`, publicKeyPem },
  });

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method === "GET" && path === "/users/bob") {
      if (peer.gone) return void res.writeHead(410).end();
      res.writeHead(200, { "content-type": AP });
      return void res.end(JSON.stringify(actorDocument()));
    }
    if (req.method === "POST" && (path === "/inbox" || path === "/users/bob/inbox")) {
      const body = await readBody(req);
      const spec = req.headers["signature-input"]
        ? "rfc9421"
        : req.headers.signature
          ? "draft-cavage"
          : "unsigned";
      const verified = spec === "draft-cavage" && (await verifyCavage(req, body).catch(() => false));
      const status = verified ? 202 : 401;
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {}
      deliveries.push({
        path,
        status,
        spec,
        verified,
        userAgent: String(req.headers["user-agent"] ?? ""),
        body: json,
      });
      return void res.writeHead(status).end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return Object.assign(peer, {
    origin,
    host: `127.0.0.1:${port}`,
    actorUri: `${origin}/users/bob`,
    deliveries,
    sign(url: string, body: string, keyId = `${origin}/users/bob#main-key`) {
      const target = new URL(url);
      const headers: Record<string, string> = {
        host: target.host,
        date: new Date().toUTCString(),
        digest: `SHA-256=${createHash("sha256").update(body).digest("base64")}`,
        "content-type": AP,
      };
      const names = ["(request-target)", "host", "date", "digest", "content-type"];
      const signed = names
        .map((h) =>
          h === "(request-target)" ? `(request-target): post ${target.pathname}` : `${h}: ${headers[h]}`,
        )
        .join("\n");
      const signature = createSign("sha256").update(signed).sign(privateKey, "base64");
      headers.signature = `keyId="${keyId}",algorithm="rsa-sha256",headers="${names.join(" ")}",signature="${signature}"`;
      return headers;
    },
    async send(url: string, activity: Record<string, unknown>) {
      const body = JSON.stringify({ "@context": "https://www.w3.org/ns/activitystreams", ...activity });
      // `host` is signed; fetch sends it from the URL (the same value).
      const { host: _, ...headers } = peer.sign(url, body);
      const res = await fetch(url, { method: "POST", headers, body });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
