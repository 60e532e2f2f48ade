import http from "node:http";

export interface PeerPage {
  status?: number;
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Answer the headers, then wait this long before the body (a slow page). */
  delayMs?: number;
  /** Stream this many bytes of HTML, with no Content-Length (a huge page). */
  hugeBytes?: number;
}

export interface WebmentionPeer {
  origin: string;
  /** What to answer at a path (a GET); a path not set answers 404. */
  pages: Map<string, PeerPage>;
  /** Every form POSTed to this server, with its path. */
  received: Array<{ path: string; form: Record<string, string> }>;
  close(): Promise<void>;
}

/**
 * A small hand-written Webmention site for tests: plain node:http on 127.0.0.1, serving the
 * pages a test sets (sources, targets that advertise endpoints, hostile answers) and recording
 * the Webmentions POSTed to it (answered 202).
 */
export async function startWebmentionPeer(): Promise<WebmentionPeer> {
  const pages = new Map<string, PeerPage>();
  const received: WebmentionPeer["received"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (request.method === "POST") {
      let body = "";
      request.on("data", (c: Buffer) => {
        body += c.toString();
      });
      request.on("end", () => {
        received.push({
          path: url.pathname + url.search,
          form: Object.fromEntries(new URLSearchParams(body)),
        });
        response.writeHead(202, { "content-type": "text/plain" }).end("Accepted");
      });
      return;
    }
    const page = pages.get(url.pathname);
    if (!page) return void response.writeHead(404).end();
    response.writeHead(page.status ?? 200, {
      "content-type": page.type ?? "text/html; charset=utf-8",
      ...page.headers,
    });
    if (page.hugeBytes) {
      const chunk = Buffer.alloc(64 * 1024, "a");
      let left = page.hugeBytes;
      const pump = () => {
        while (left > 0) {
          left -= chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      response.on("close", () => {
        left = 0;
      });
      return pump();
    }
    if (page.delayMs) {
      response.write("<html>");
      const timer = setTimeout(() => response.end(page.body ?? ""), page.delayMs);
      response.on("close", () => clearTimeout(timer));
      return;
    }
    response.end(page.body ?? "");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  server.unref();
  return {
    origin: `http://127.0.0.1:${port}`,
    pages,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
