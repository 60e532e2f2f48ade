import { randomInt } from "node:crypto";

// Names in a repository (atproto): the collections Duet writes, record keys and AT-URIs.

export const PUBLICATION = "site.standard.publication";
export const DOCUMENT = "site.standard.document";
export const FEED_POST = "app.bsky.feed.post";

const TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";

/**
 * A record key of the `tid` kind (atproto spec): 53 bits of microseconds since 1970 and 10 bits
 * of clock id, in 13 base32-sortable characters. Chosen once per record and stored, so putting
 * it again is an edit of the same record, never a second one.
 */
export function newTid(at: Date): string {
  let n = (BigInt(at.getTime()) * 1000n + BigInt(randomInt(1000))) * 1024n + BigInt(randomInt(1024));
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = TID_ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

export const atUri = (did: string, collection: string, rkey: string) => `at://${did}/${collection}/${rkey}`;
