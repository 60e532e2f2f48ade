import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import * as Y from "yjs";
import { COLLAB_CLOSE, COLLAB_LIMITS, collabDocKey } from "../../common/collab";
import { collabUpdates } from "../db/schema";
import { listenForSockets, openEditor } from "../test/collab-clients";
import { createPost } from "../test/factories";
import { type Roles, signInRoles } from "../test/roles";
import { buildTestApp, type TestApp } from "../test/test-app";
import { message } from "./wire";

// The co-editing socket's limits and a fuzz of what a client may send: malformed Yjs updates,
// frames that are not the protocol. Never a crash or a 1011, nothing stored, the server serving on.

let t: TestApp;
let roles: Roles;
let base: string;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await signInRoles(t);
  base = await listenForSockets(t);
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(() => t.close());

const headers = () => ({ cookie: roles.her.cookie, origin });
const rowsOf = async (postId: string) =>
  (
    await t.ctx.db
      .select()
      .from(collabUpdates)
      .where(eq(collabUpdates.doc, collabDocKey("posts", postId)))
  ).length;

/** A raw socket on the post, open. */
function raw(postId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/posts/${postId}`, { headers: headers() });
    socket.on("open", () => resolve(socket));
    socket.on("error", reject);
  });
}

/** The close code after sending `frames` (null: still open 300 ms later, and it was closed by us). */
function closeAfter(
  socket: WebSocket,
  frames: Array<Uint8Array | string>,
  waitMs = 300,
): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.removeAllListeners("close");
      socket.terminate();
      resolve(null);
    }, waitMs);
    socket.on("close", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    socket.on("error", () => {});
    for (const frame of frames) socket.send(frame, { binary: typeof frame !== "string" });
  });
}

/** A small deterministic generator (mulberry32), so a failure names a case that repeats. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function validUpdate(): Uint8Array {
  const doc = new Y.Doc();
  doc.getText("body").insert(0, "Hello fuzz world, with words in it");
  doc.getText("body").format(0, 5, { bold: true });
  doc.getMap("meta").set("title", "A title");
  doc.getText("body").delete(3, 4);
  return Y.encodeStateAsUpdate(doc);
}

const decodes = (update: Uint8Array) => {
  try {
    Y.decodeUpdate(update);
    return true;
  } catch {
    return false;
  }
};

describe("a malformed Yjs update", () => {
  it("closes the socket with 4400 and stores nothing, for truncations, flipped bytes and noise", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const next = random(36);
    const good = validUpdate();
    const cases: Uint8Array[] = [];
    for (let cut = 1; cut < good.length; cut += 3) cases.push(good.slice(0, cut));
    for (let i = 0; i < 60; i++) {
      const flipped = good.slice();
      for (let k = 0; k < 3; k++) flipped[Math.floor(next() * flipped.length)] = Math.floor(next() * 256);
      cases.push(flipped);
    }
    for (let i = 0; i < 40; i++)
      cases.push(Uint8Array.from({ length: 1 + Math.floor(next() * 200) }, () => Math.floor(next() * 256)));
    const malformed = cases.filter((c) => !decodes(c));
    expect(malformed.length).toBeGreaterThan(50);
    for (const [i, update] of malformed.entries()) {
      const step = i % 2 === 0 ? 2 : 1; // an update, or a sync step 2
      // Resolved at the close: the long wait only bounds a loaded machine's slowest answer.
      const code = await closeAfter(await raw(post.id), [message([0, step], update)], 5_000);
      expect(code, `case ${i}: ${Buffer.from(update).toString("hex")}`).toBe(COLLAB_CLOSE.badMessage);
    }
    expect(await rowsOf(post.id)).toBe(0);
    // The server goes on: an author's editor still syncs and stores.
    const editor = await openEditor(base, `posts/${post.id}`, headers());
    editor.text.insert(0, "still here");
    const again = await openEditor(base, `posts/${post.id}`, headers());
    expect(again.text.toString()).toBe("still here");
    editor.destroy();
    again.destroy();
  }, 120_000);
});

describe("frames that are not the protocol", () => {
  it("close with 4400 (never 1011), store nothing and leave the server serving", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const next = random(4400);
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
    const frames: Array<Array<Uint8Array | string>> = [
      ["hello"],
      ['{"type":"sync"}'],
      [new Uint8Array(0)],
      [Uint8Array.of(2)],
      [Uint8Array.of(9, 1, 2)],
      [Uint8Array.of(0)],
      [Uint8Array.of(0, 7, 0)],
      [Uint8Array.of(0, 2, 200, 1)],
      [Uint8Array.of(0, 2, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)],
      [Uint8Array.of(1, 10, 1, 2, 3)],
      [message([1], bytes(40))],
      [message([1], Uint8Array.of(1, 5, 1, 3, 0x7b, 0x7b, 0x7b))],
      [message([0, 0], Uint8Array.of(0xff, 0xff, 0xff))],
      ...Array.from({ length: 40 }, () => [bytes(1 + Math.floor(next() * 64))]),
    ];
    for (const [i, sent] of frames.entries()) {
      const code = await closeAfter(await raw(post.id), sent);
      // Still open is fine for noise that happens to be a question (a state vector, "who is here").
      expect([COLLAB_CLOSE.badMessage, null], `frame ${i}: ${String(sent[0])}`).toContain(code);
    }
    expect(await rowsOf(post.id)).toBe(0);
    const plain = await t.request({
      method: "GET",
      url: `/api/collab/posts/${post.id}`,
      cookie: roles.her.cookie,
    });
    expect(plain.statusCode).toBeLessThan(500);
    const editor = await openEditor(base, `posts/${post.id}`, headers());
    editor.destroy();
  }, 120_000);
});

describe("the limits", () => {
  it("closes with 4413 past the message size, 1009 far past it, and 4413 for a large caret", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const big = (n: number) => {
      const doc = new Y.Doc();
      doc.getText("body").insert(0, "x".repeat(n));
      return Y.encodeStateAsUpdate(doc);
    };
    const over = message([0, 2], big(COLLAB_LIMITS.maxMessageBytes + 10));
    expect(await closeAfter(await raw(post.id), [over], 2_000)).toBe(COLLAB_CLOSE.tooLarge);
    const farOver = message([0, 2], big(COLLAB_LIMITS.maxMessageBytes * 5));
    expect(await closeAfter(await raw(post.id), [farOver], 2_000)).toBe(1009);
    const caret = message([1], new Uint8Array(COLLAB_LIMITS.maxAwarenessBytes + 1));
    expect(await closeAfter(await raw(post.id), [caret])).toBe(COLLAB_CLOSE.tooLarge);
    expect(await rowsOf(post.id)).toBe(0);
  }, 60_000);

  it("closes with 4413 once the document would pass its size, keeping what came before", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const socket = await raw(post.id);
    const doc = new Y.Doc();
    const chunk = "y".repeat(COLLAB_LIMITS.maxMessageBytes - 1024);
    const frames: Uint8Array[] = [];
    doc.on("update", (update: Uint8Array) => frames.push(message([0, 2], update)));
    for (let i = 0; i * chunk.length <= COLLAB_LIMITS.maxDocumentBytes; i++)
      doc.getText("body").insert(0, chunk);
    expect(await closeAfter(socket, frames, 10_000)).toBe(COLLAB_CLOSE.tooLarge);
    const stored = await rowsOf(post.id);
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(frames.length);
  }, 60_000);

  it("closes with 4429 past the message rate", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const question = Uint8Array.of(3); // "who is here?": cheap, stores nothing
    const flood = Array.from({ length: COLLAB_LIMITS.messageBurst + 50 }, () => question);
    expect(await closeAfter(await raw(post.id), flood, 2_000)).toBe(COLLAB_CLOSE.tooMany);
  });
});

describe("an upgrade request that is not a WebSocket handshake", () => {
  /** The status of a hand-written upgrade request (a 101 means the socket opened). */
  const status = (url: string, extra: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(url.replace("ws:", "http:"), {
        headers: { connection: "Upgrade", upgrade: "websocket", ...headers(), ...extra },
      });
      req.on("upgrade", (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });

  it("is answered with a 4xx, never a 5xx, whatever its handshake headers say", async () => {
    const post = await createPost(t.ctx, { author: "her" });
    const url = `${base}/posts/${post.id}`;
    const key = Buffer.alloc(16, 7).toString("base64");
    const broken: Array<Record<string, string>> = [
      {},
      { "sec-websocket-version": "13" },
      { "sec-websocket-version": "99", "sec-websocket-key": key },
      { "sec-websocket-version": "13", "sec-websocket-key": "short" },
      { "sec-websocket-version": "13", "sec-websocket-key": key, "sec-websocket-protocol": ",,," },
    ];
    for (const extra of broken) {
      const code = await status(url, extra);
      expect(code, JSON.stringify(extra)).toBeGreaterThanOrEqual(400);
      expect(code, JSON.stringify(extra)).toBeLessThan(500);
    }
    expect(await status(url, { "sec-websocket-version": "13", "sec-websocket-key": key })).toBe(101);
    // No compression is offered, so a garbled extension offer is simply not taken up.
    const garbled = {
      "sec-websocket-version": "13",
      "sec-websocket-key": key,
      "sec-websocket-extensions": "x;;=",
    };
    expect(await status(url, garbled)).toBe(101);
  });
});
