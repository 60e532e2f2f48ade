import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_MS } from "./http-server";
import { buildTestApp, type TestApp } from "./test/test-app";

// The whole app (buildApp) listening on loopback: a connection that has not sent a complete
// request head within HEADERS_TIMEOUT_MS is answered 408 and closed, whatever else is happening.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** How long until the server closed the socket, and what it said. */
function watch(socket: Socket) {
  const opened = Date.now();
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    let answer = "";
    socket.on("data", (d) => (answer += String(d)));
    socket.on("error", () => {});
    socket.once("close", () => resolve({ ms: Date.now() - opened, answer }));
  });
}

function expectClosedOnTime(closed: { ms: number; answer: string }) {
  expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closed.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
  expect(closed.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
}

/** A normal client: a request every 200 ms on fresh connections until stopped. */
function keepBusy() {
  let served = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) served++;
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return served;
  };
}

describe("a request head must arrive within 10 s", () => {
  it("a socket that never sends a byte, alone on the server: 408 and closed at 10 s", async () => {
    const silent = connect(port, "127.0.0.1");
    expectClosedOnTime(await watch(silent));
  }, 20_000);

  it("a socket that trickles its head a byte a second: 408 and closed at 10 s", async () => {
    const trickling = connect(port, "127.0.0.1");
    const head = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(40)}`;
    let sent = 0;
    const drip = setInterval(() => trickling.writable && trickling.write(head[sent++ % head.length]!), 1_000);
    try {
      expectClosedOnTime(await watch(trickling));
      expect(sent).toBeGreaterThanOrEqual(9);
    } finally {
      clearInterval(drip);
      trickling.destroy();
    }
  }, 20_000);

  it("a socket silent for 8 s that then trickles its head: closed 10 s after it opened, not after its first byte", async () => {
    // Node's own headersTimeout restarts its clock at a request's first byte: this socket stayed
    // open 19.5 s before head-deadline.ts.
    const late = connect(port, "127.0.0.1");
    const closed = watch(late);
    const head = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(40)}`;
    let sent = 0;
    let drip: NodeJS.Timeout | undefined;
    const start = setTimeout(() => {
      drip = setInterval(() => late.writable && late.write(head[sent++ % head.length]!), 1_000);
    }, 8_000);
    try {
      expectClosedOnTime(await closed);
    } finally {
      clearTimeout(start);
      clearInterval(drip);
      late.destroy();
    }
  }, 30_000);

  it("a silent socket while normal requests keep arriving: closed at 10 s, the others all served", async () => {
    const stop = keepBusy();
    const silent = connect(port, "127.0.0.1");
    const closed = await watch(silent);
    const served = await stop();
    expectClosedOnTime(closed);
    expect(served).toBeGreaterThan(10);
  }, 20_000);

  it("a kept-alive socket whose next head is slow is closed too; a prompt one is served twice", async () => {
    const socket = connect(port, "127.0.0.1");
    const closed = watch(socket);
    let answers = 0;
    socket.on("data", (d) => {
      answers += (String(d).match(/HTTP\/1\.1 200 /g) ?? []).length;
    });
    socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(answers).toBe(2);
    // Then half a head, kept open by a byte every second so keep-alive's idle limit does not apply.
    const drip = setInterval(() => socket.writable && socket.write("G"), 1_000);
    try {
      const { answer } = await closed;
      expect(answer).toMatch(/HTTP\/1\.1 (408|400) /);
    } finally {
      clearInterval(drip);
    }
  }, 20_000);
});
