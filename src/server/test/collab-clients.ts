import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { COLLAB_SOCKET_BASE } from "../../common/api";
import type { TestApp } from "./test-app";

// Co-editing clients for the server's tests: y-websocket's own provider (what the editor uses),
// over `ws` with a session cookie and an Origin, against a test app listening on a real port.

/** Listen on a free loopback port; the base URL y-websocket is given (`ws://…/api/collab`). */
export async function listenForSockets(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${COLLAB_SOCKET_BASE}`;
}

/** A `ws` WebSocket class that sends these headers (y-websocket constructs it with url, protocols). */
export function socketWith(headers: Record<string, string>): unknown {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

export interface Editor {
  doc: Y.Doc;
  text: Y.Text;
  provider: WebsocketProvider;
  /** The close codes the server sent, in order. */
  closes: number[];
  destroy(): void;
}

/** An author's editor of `room` (`posts/<id>`), synced when the promise resolves. */
export async function openEditor(
  base: string,
  room: string,
  headers: Record<string, string>,
  options: { sync?: boolean; clientID?: number } = {},
): Promise<Editor> {
  const doc = new Y.Doc();
  if (options.clientID !== undefined) doc.clientID = options.clientID;
  const provider = new WebsocketProvider(base, room, doc, {
    WebSocketPolyfill: socketWith(headers) as never,
    disableBc: true,
    maxBackoffTime: 200,
  });
  const closes: number[] = [];
  provider.on("connection-close", (event) => {
    if (event) closes.push(event.code);
  });
  const editor: Editor = {
    doc,
    text: doc.getText("body"),
    provider,
    closes,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
  if (options.sync !== false) await until(() => provider.synced, `${room} to sync`);
  return editor;
}

/** Wait for `done` (polled), or fail after `ms` saying what was awaited. */
export async function until(
  done: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The upgrade's plain answer: its status, or 101 when the socket opened. */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
  });
}
