import type { AtprotoNetwork } from "./atproto-network";

// Someone on the local atproto network acting as their Bluesky app would: their own session at
// the PDS, posts, likes, reposts, a profile. Plain XRPC: the test speaks to the real servers.

export interface PostRef {
  uri: string;
  cid: string;
}

async function call(net: AtprotoNetwork, nsid: string, body: unknown, token?: string) {
  const res = await fetch(`${net.pds}/xrpc/${nsid}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, string>;
  if (res.status !== 200) throw new Error(`${nsid}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** `name` of `startAtprotoNetwork([... name ...])`, signed in with their own password. */
export async function blueskyPerson(net: AtprotoNetwork, name: string) {
  const account = net.accounts[name]!;
  const { accessJwt } = await call(net, "com.atproto.server.createSession", {
    identifier: account.handle,
    password: account.password,
  });
  const create = async (collection: string, record: Record<string, unknown>): Promise<PostRef> => {
    const { uri, cid } = await call(
      net,
      "com.atproto.repo.createRecord",
      { repo: account.did, collection, record: { createdAt: new Date().toISOString(), ...record } },
      accessJwt,
    );
    return { uri: uri!, cid: cid! };
  };
  return {
    did: account.did,
    /** Their profile: a display name and an avatar (a blob in their repository). */
    async profile(displayName: string, image: Buffer) {
      const res = await fetch(`${net.pds}/xrpc/com.atproto.repo.uploadBlob`, {
        method: "POST",
        headers: { "content-type": "image/png", authorization: `Bearer ${accessJwt}` },
        body: new Uint8Array(image),
      });
      if (res.status !== 200) throw new Error(`uploadBlob: ${res.status}`);
      const { blob } = (await res.json()) as { blob: unknown };
      const record = { $type: "app.bsky.actor.profile", displayName, avatar: blob };
      await call(
        net,
        "com.atproto.repo.putRecord",
        { repo: account.did, collection: "app.bsky.actor.profile", rkey: "self", record },
        accessJwt,
      );
    },
    reply: (text: string, root: PostRef, parent = root) =>
      create("app.bsky.feed.post", { text, reply: { root, parent } }),
    like: (subject: PostRef) => create("app.bsky.feed.like", { subject }),
    repost: (subject: PostRef) => create("app.bsky.feed.repost", { subject }),
    remove: (uri: string) => {
      const [, , , collection, rkey] = uri.split("/");
      return call(net, "com.atproto.repo.deleteRecord", { repo: account.did, collection, rkey }, accessJwt);
    },
  };
}
