// Security headers on EVERY response, not only the API: pages, errors, feeds, refusals.
import { connect, type Socket } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "../client-key";
import {
  HEADERS_TIMEOUT_MS,
  limitConnections,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_ADDRESS,
} from "../http-server";
import { buildTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Req = { method: "GET" | "POST"; url: string; headers?: Record<string, string>; status: number };
const responses: Array<[string, Req]> = [
  ["the home page shell", { method: "GET", url: "/", status: 200 }],
  ["a list page shell", { method: "GET", url: "/his-blog", status: 200 }],
  ["an unknown post's page (404)", { method: "GET", url: "/post/no-such-post", status: 404 }],
  ["an unknown page (404)", { method: "GET", url: "/no/such/page", status: 404 }],
  ["a list API read", { method: "GET", url: "/api/posts?author=him", status: 200 }],
  ["a malformed API read (400)", { method: "GET", url: "/api/posts?limit=abc", status: 400 }],
  ["an unknown post (404 JSON)", { method: "GET", url: "/api/posts/no-such-post", status: 404 }],
  ["an unknown asset (404)", { method: "GET", url: "/assets/nope-12345678.js", status: 404 }],
  ["an unknown upload (404)", { method: "GET", url: "/uploads/blog-images/nope.jpg", status: 404 }],
  ["the feed", { method: "GET", url: "/feed.xml", status: 200 }],
  ["the sitemap", { method: "GET", url: "/sitemap.xml", status: 200 }],
  ["robots.txt", { method: "GET", url: "/robots.txt", status: 200 }],
  [
    "a refused cross-site write (403)",
    { method: "POST", url: "/api/contact", status: 403, headers: { origin: "https://evil.example" } },
  ],
];

describe("security headers on every response", () => {
  for (const [name, req] of responses) {
    it(`${name} › CSP with object-src 'none', base-uri 'none', frame-ancestors; nosniff`, async () => {
      const { status, ...options } = req;
      const res = await t.request({ ...options, payload: req.method === "POST" ? {} : undefined });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
      const csp = String(res.headers["content-security-policy"] ?? "");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toMatch(/frame-ancestors '(none|self)'/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(res.headers["permissions-policy"])).toContain("camera=()");
    });
  }
});

describe("the API's answers are not documents", () => {
  it("a JSON read gets a deny-all CSP and no page policy; a page gets the page's policy", async () => {
    const api = await t.request({ method: "GET", url: "/api/posts?author=him" });
    expect(api.headers["content-security-policy"]).toBe(
      "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
    );
    expect(api.headers["x-frame-options"]).toBe("DENY");
    expect(api.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(api.headers["cross-origin-opener-policy"]).toBeUndefined();
    // Decided on the route matched: an encoded /api/ prefix is the API too.
    const encoded = await t.request({ method: "GET", url: "/%61pi/posts?author=him" });
    expect(encoded.headers["content-security-policy"]).toBe(api.headers["content-security-policy"]);
    const page = await t.request({ method: "GET", url: "/his-blog" });
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(page.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });
});

describe("connection limits (slow-header floods)", () => {
  it("headers within 10 s, short keep-alive, a connection ceiling", () => {
    expect(t.app.server.headersTimeout).toBe(10_000);
    expect(t.app.server.keepAliveTimeout).toBe(5_000);
    expect(t.app.server.maxConnections).toBe(10_000);
  });
});

/** The test app listening on loopback (once), and its port. */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as { port: number }).port;
}

/** An open connection, or null when the server closed it at once. */
function openSocket(port: number): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("error", () => resolve(null));
    socket.once("close", () => resolve(null));
    // Ask for something: a connection the server dropped answers nothing.
    socket.once("connect", () => socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
    socket.once("data", () => resolve(socket));
  });
}

describe("one address's connections", () => {
  it(`are capped at ${MAX_CONNECTIONS_PER_ADDRESS}: the next is closed, and a freed place is taken again`, async () => {
    const port = await listening();
    const open = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () => openSocket(port)),
    );
    try {
      expect(open.every(Boolean)).toBe(true);
      expect(await openSocket(port)).toBeNull();
      const freed = new Promise((r) => open[0]!.once("close", r));
      open[0]!.destroy();
      await freed;
      // The server sees the close a moment after the client.
      await new Promise((r) => setTimeout(r, 50));
      const again = await openSocket(port);
      expect(again).not.toBeNull();
      again?.destroy();
    } finally {
      for (const socket of open) socket?.destroy();
      // Until the server has seen every close, its count for this address is still high.
      const connections = () =>
        new Promise<number>((r) => t.app.server.getConnections((_e, count) => r(count)));
      while ((await connections()) > 0) await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe("behind a proxy (TRUST_PROXY)", () => {
  it("every socket comes from the proxy: no per-client cap, only the global one", async () => {
    // The cap alone, on a bare server: a whole test app would only add seconds.
    const proxied = Fastify();
    limitConnections(proxied, { trustProxy: true });
    const open: Array<Socket | null> = [];
    try {
      await proxied.listen({ port: 0, host: "127.0.0.1" });
      const port = (proxied.server.address() as { port: number }).port;
      const more = MAX_CONNECTIONS_PER_ADDRESS + 8;
      open.push(...(await Promise.all(Array.from({ length: more }, () => openSocket(port)))));
      expect(open.every(Boolean)).toBe(true);
      expect(proxied.server.maxConnections).toBe(MAX_CONNECTIONS);
    } finally {
      for (const socket of open) socket?.destroy();
      await proxied.close();
    }
  });
});

describe("slow sockets are closed after the documented 10 s", () => {
  it("one that sends nothing and one that trickles a header byte a second: 408 and closed within ~11 s", async () => {
    const port = await listening();
    const started = Date.now();
    const watch = (socket: Socket) =>
      new Promise<{ ms: number; answer: string }>((resolve) => {
        let answer = "";
        socket.on("data", (d) => (answer += String(d)));
        socket.on("error", () => {});
        socket.once("close", () => resolve({ ms: Date.now() - started, answer }));
      });
    const silent = connect(port, "127.0.0.1");
    const trickling = connect(port, "127.0.0.1");
    const header = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(40)}`;
    let sent = 0;
    const drip = setInterval(
      () => trickling.writable && trickling.write(header[sent++ % header.length]!),
      1_000,
    );
    try {
      const [quiet, slow] = await Promise.all([watch(silent), watch(trickling)]);
      for (const closed of [quiet, slow]) {
        expect(closed.answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(closed.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
        // Node's default check every 30 s closed them after 31–33 s.
        expect(closed.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
      }
      expect(sent).toBeGreaterThanOrEqual(9);
    } finally {
      clearInterval(drip);
      silent.destroy();
      trickling.destroy();
    }
  }, 20_000);

  it("one client's share is small: 40 addresses leave 70% of the global cap, filling it takes 150+", () => {
    expect(MAX_CONNECTIONS - 40 * MAX_CONNECTIONS_PER_ADDRESS).toBeGreaterThan(0.7 * MAX_CONNECTIONS);
    expect(Math.ceil(MAX_CONNECTIONS / MAX_CONNECTIONS_PER_ADDRESS)).toBeGreaterThan(150);
    // An IPv6 client counts by its /64: a home's or a server's whole range is one client.
    expect(clientKey("2001:db8:1:2::7")).toBe(clientKey("2001:DB8:0001:0002:ffff:1:2:3"));
    expect(clientKey("2001:db8:1:2::7")).not.toBe(clientKey("2001:db8:1:3::7"));
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("192.0.2.1")).not.toBe(clientKey("192.0.2.2"));
  });
});

describe("an over-long address", () => {
  it("answers 431 with the API's error shape", async () => {
    const port = await listening();
    const res = await fetch(`http://127.0.0.1:${port}/api/posts?q=${"a".repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      error: { code: "HEADERS_TOO_LARGE", message: "The address or the request headers are too long." },
    });
  });
});
