import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * A connection that has not sent a complete request head within `ms` of opening, or of its last
 * response ending, is answered 408 and closed, whatever the other sockets are doing. Node's own
 * headersTimeout only watches sockets whose parser has seen a first byte, checked in a sweep that
 * silent sockets escape: one that never sent a byte stayed open for minutes.
 */
export function closeSlowHeads(server: Server, ms: number, answer408: string): void {
  const state = new WeakMap<Socket, { timer: NodeJS.Timeout | null; inFlight: number }>();

  const arm = (socket: Socket) => {
    const s = state.get(socket);
    if (!s || socket.destroyed) return;
    if (s.timer) clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      s.timer = null;
      if (socket.destroyed) return;
      if (socket.writable) socket.end(answer408);
      // end() flushes the answer; a peer that never reads must not keep the socket either.
      setTimeout(() => socket.destroy(), 1_000).unref();
    }, ms);
    s.timer.unref();
  };
  const disarm = (socket: Socket) => {
    const s = state.get(socket);
    if (s?.timer) clearTimeout(s.timer);
    if (s) s.timer = null;
  };

  server.on("connection", (socket: Socket) => {
    state.set(socket, { timer: null, inFlight: 0 });
    arm(socket);
    socket.once("close", () => disarm(socket));
  });
  // A complete head has arrived: the body and the answer have their own limits (requestTimeout).
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const s = state.get(socket);
    if (!s) return;
    s.inFlight++;
    disarm(socket);
    response.once("close", () => {
      s.inFlight--;
      // Kept alive for the next request: its head gets the same time (an idle socket closes sooner, keepAliveTimeout).
      if (s.inFlight === 0) arm(socket);
    });
  });
  // An upgraded socket (a WebSocket) has sent its head; it is no longer HTTP's.
  server.on("upgrade", (request: IncomingMessage) => {
    disarm(request.socket);
    state.delete(request.socket);
  });
}
