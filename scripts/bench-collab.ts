// `npx tsx scripts/bench-collab.ts [--keystrokes=300 --documents=50 --words=3000]` (and `npm run
// bench`, case `collab`): writing together (docs/writing-together.md). The server is built in this
// process on a temporary embedded database and listens on loopback; two authors' y-websocket
// clients open one page. Reported: keystroke-to-partner latency (one character typed by one,
// until the other's document has it: stored, then relayed), median, p95 and worst, against the
// 100 ms goal; and the server's memory per open document, from raw sockets that only join
// documents stored beforehand (no client document in this process to count).
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import { WebsocketProvider } from "y-websocket";
import * as Y from "yjs";
import { COLLAB_SOCKET_BASE } from "../src/common/api";
import { collabDocKey } from "../src/common/collab";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { blogPosts, collabUpdates, sitePages } from "../src/server/db/schema";
import { loadConfig } from "../src/server/env";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const KEYSTROKES = Number(args.get("keystrokes") ?? 300);
const DOCUMENTS = Number(args.get("documents") ?? 50);
const WORDS = Number(args.get("words") ?? 3000);
const LATENCY_GOAL_MS = 100;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

export async function benchCollab(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-bench-collab-"));
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  await runMigrations(database);
  const config = loadConfig(
    { DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1:3000", SEED_DEMO: "false", LOG_LEVEL: "silent" },
    null,
  );
  const { app, ctx } = await buildApp({ config, database, secret: "bench-secret-bench-secret-bench-0000" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${COLLAB_SOCKET_BASE}`;
  const origin = new URL(config.publicUrl).origin;

  // Both authors signed in, their rows written through Better Auth's adapter (as the tests do).
  const auth = await (await ctx.auth.load()).$context;
  const signedIn = async (email: string) => {
    const user = await auth.internalAdapter.createUser(
      { email, name: email, emailVerified: true },
      { method: "email-password" },
    );
    const session = await auth.internalAdapter.createSession(user.id, false);
    const signature = createHmac("sha256", auth.secret).update(session.token).digest("base64");
    return `${auth.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  };
  const him = { cookie: await signedIn(config.authorEmails.him), origin };
  const her = { cookie: await signedIn(config.authorEmails.her), origin };
  const socketWith = (h: Record<string, string>) =>
    class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: h });
      }
    };
  // A page: both authors may open it (a post only its own author).
  const [page] = await ctx.db
    .insert(sitePages)
    .values({ slug: "bench", title: "Bench", content: "<p>x</p>" })
    .returning();
  const editor = async (h: Record<string, string>) => {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(base, `pages/${page!.id}`, doc, {
      WebSocketPolyfill: socketWith(h) as never,
      disableBc: true,
    });
    while (!provider.synced) await new Promise((r) => setTimeout(r, 5));
    return { doc, provider, text: doc.getText("body") };
  };

  try {
    const a = await editor(him);
    const b = await editor(her);
    const latencies: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      const arrived = new Promise<void>((resolve) => b.doc.once("update", () => resolve()));
      const start = performance.now();
      a.text.insert(a.text.length, String.fromCharCode(97 + (i % 26)));
      await arrived;
      latencies.push(performance.now() - start);
    }
    a.provider.destroy();
    b.provider.destroy();
    const p50 = quantile(latencies, 0.5);
    const p95 = quantile(latencies, 0.95);
    console.log(
      `writing together, keystroke to partner (${KEYSTROKES} keystrokes, one server, embedded database): ` +
        `median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, worst ${Math.max(...latencies).toFixed(1)} ms ` +
        `(goal ≤ ${LATENCY_GOAL_MS} ms: ${p95 <= LATENCY_GOAL_MS ? "met" : "MISSED"})`,
    );

    // Memory per open document: DOCUMENTS posts of WORDS words each, stored, then joined.
    const source = new Y.Doc();
    source.getText("body").insert(0, "word ".repeat(WORDS));
    const update = Y.encodeStateAsUpdate(source);
    const ids: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const [row] = await ctx.db
        .insert(blogPosts)
        .values({ title: `Doc ${i}`, content: "<p>x</p>", author: "her" })
        .returning();
      await ctx.db.insert(collabUpdates).values({ doc: collabDocKey("posts", row!.id), update });
      ids.push(row!.id);
    }
    const heap = () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().heapUsed;
    };
    while (ctx.collab.openRooms > 0) await new Promise((r) => setTimeout(r, 10));
    const before = heap();
    const sockets = await Promise.all(
      ids.map(
        (id) =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`${base}/posts/${id}`, { headers: her });
            socket.once("message", () => resolve(socket));
            socket.on("error", reject);
          }),
      ),
    );
    const after = heap();
    console.log(
      `writing together, server memory per open document (${DOCUMENTS} documents of ${WORDS} words, ` +
        `${update.length} bytes stored each): ${((after - before) / DOCUMENTS / 1024).toFixed(0)} kB of heap` +
        ((globalThis as { gc?: unknown }).gc ? "" : " (run with --expose-gc for a steadier figure)"),
    );
    for (const socket of sockets) socket.close();
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCollab();
