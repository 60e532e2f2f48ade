import "../fediverse/node-runtime";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from "@fedify/fedify";
import {
  Accept,
  type Activity,
  Create,
  Delete,
  Endpoints,
  Image,
  Person,
  Reject,
  Update,
} from "@fedify/vocab";
import { loadSharp } from "../content/image-store";

/**
 * A second ActivityPub server for tests: one account, `alice`, on its own loopback port, built on
 * Fedify like any other server. It records what its inbox received (signatures verified).
 */
export interface RemoteServer {
  origin: string;
  host: string;
  federation: Federation<void>;
  received: Activity[];
  actorUri: string;
  close(): Promise<void>;
}

export const AVATAR_PATH = "/media/alice-avatar.png";

export async function startRemoteServer(): Promise<RemoteServer> {
  const keys = [await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"), await generateCryptoKeyPair("Ed25519")];
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  const received: Activity[] = [];
  federation
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      if (identifier !== "alice") return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: "alice",
        name: "Alice <b>Remote</b>",
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        url: new URL(`/@alice`, ctx.origin),
        icon: new Image({ url: new URL(AVATAR_PATH, ctx.origin) }),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((p) => p.multikey),
      });
    })
    .setKeyPairsDispatcher(async () => keys);
  const record = async (_ctx: unknown, activity: Activity) => {
    received.push(activity);
  };
  federation
    .setInboxListeners("/users/{identifier}/inbox", "/inbox")
    .on(Accept, record)
    .on(Reject, record)
    .on(Create, record)
    .on(Update, record)
    .on(Delete, record);

  // Alice's avatar: a plain image file, as Mastodon serves them (Duet must copy it, never link it).
  const sharp = await loadSharp();
  const avatar = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
  const server: Server = createServer(async (req, res) => {
    if (req.url === AVATAR_PATH) {
      res.writeHead(200, { "content-type": "image/png", "content-length": avatar.length });
      return void res.end(avatar);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) for (const x of [v].flat()) headers.append(k, x);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const response = await federation.fetch(
      new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      }),
      { contextData: undefined },
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    federation,
    received,
    actorUri: `${origin}/users/alice`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
