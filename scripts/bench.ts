// `npm run bench [-- --sizes=10000,100000 --seconds=5]`: a benchmark, not a test.
// For each size: fill a temporary DATA_DIR with that many posts (bulk SQL), start the real server
// (src/server/main.ts) on 127.0.0.1 with an ephemeral port, and load it with autocannon at 10 and
// 50 connections: the author list API, one post, the tag list API, the /post/{id} page shell, a
// hashed JS asset, and the ceiling (a prebuilt in-memory body of the list's size, served only
// with DUET_BENCH_CEILING=1). Also reports the compressed JavaScript of a first load of /his-blog.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { build } from "vite";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const SIZES = (args.get("sizes") ?? "10000,100000").split(",").map(Number);
const SECONDS = Number(args.get("seconds") ?? 5);
const CONNECTIONS = (args.get("connections") ?? "10,50").split(",").map(Number);
const ONLY = args.get("cases")?.split(",");
const BATCH = 10_000;
const TAGS = ["travel", "food", "home", "garden", "books", "diy"];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function buildClient(outDir: string) {
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Entry + the /his-blog route chunk + their static imports, compressed as served. */
function firstLoadJs(clientDir: string) {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const route = Object.keys(manifest).find((k) => k.endsWith("routes/his-blog.tsx"));
  const files = new Set<string>();
  const visit = (key: string | undefined) => {
    const chunk = key ? manifest[key] : undefined;
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(route);
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    const bytes = readFileSync(path.join(clientDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    br += brotliCompressSync(bytes).length;
  }
  const entryFile = entry ? manifest[entry]!.file : null;
  return { files: [...files], raw, gzip, br, entryFile };
}

async function fill(dataDir: string, count: number) {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  await runMigrations(database);
  const tags = `array[${TAGS.map((t) => `'${t}'`).join(",")}]`;
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await database.pglite!.exec(`
      insert into blog_posts (title, content, excerpt, author, date, image_url, images, hashtags)
      select 'Bench post ' || g,
        '<h2>Post ' || g || '</h2><p>' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 12) || '</p>'
          || '<img class="post-image post-image--center post-image--medium" src="/uploads/blog-images/1700000000000_bench.jpg" alt="Bench" data-image-id="b' || g || '">'
          || '<p>' || repeat('Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ', 8) || '</p>',
        case when g % 3 = 0 then '' else 'A short summary of bench post ' || g end,
        case when g % 2 = 0 then 'him' else 'her' end,
        now() - (g || ' minutes')::interval,
        '/uploads/blog-images/1700000000000_bench.jpg',
        jsonb_build_array(jsonb_build_object('id', 'b' || g, 'url', '/uploads/blog-images/1700000000000_bench.jpg',
          'position', 'center', 'size', 'medium', 'pairedWith', null)),
        array[(${tags})[1 + g % 6], (${tags})[1 + (g / 7) % 6]]
      from generate_series(${start}, ${end}) g`);
  }
  await database.pglite!.exec("analyze blog_posts");
  await database.close();
}

async function startServer(
  dataDir: string,
  clientDir: string,
): Promise<{ baseURL: string; child: ChildProcess }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      BACKUP_INTERVAL_MINUTES: "0",
      CLIENT_DIST_DIR: clientDir,
      DUET_BENCH_CEILING: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, child };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Warm the cache and measure the body as sent (Node's http client keeps it compressed). */
function bodyBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on("data", (d: Buffer) => (n += d.length));
        res.on("end", () =>
          res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

interface Row {
  name: string;
  connections: number;
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
}

async function load(
  url: string,
  connections: number,
  headers: Record<string, string>,
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections, duration: SECONDS, pipelining: 1, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

function printTable(size: number, rows: Row[]) {
  const ceiling = new Map(rows.filter((r) => r.name === "ceiling").map((r) => [r.connections, r.rps]));
  const assetCeiling = new Map(
    rows.filter((r) => r.name === "ceiling (asset size)").map((r) => [r.connections, r.rps]),
  );
  const header = ["case", "conns", "req/s", "p99 ms", "body B", "of ceiling", "errors"];
  const lines = rows.map((r) => [
    r.name,
    String(r.connections),
    r.rps.toFixed(0),
    r.p99.toFixed(1),
    String(r.bytes),
    `${((100 * r.rps) / ((r.name.includes("asset") ? assetCeiling : ceiling).get(r.connections) ?? r.rps)).toFixed(0)}%`,
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${size.toLocaleString("en")} posts, ${SECONDS} s per case`);
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
}

async function benchSize(size: number, clientDir: string, assetPath: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-bench-"));
  let child: ChildProcess | null = null;
  try {
    const started = Date.now();
    await fill(dataDir, size);
    console.log(
      `\nFilled ${size.toLocaleString("en")} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(dataDir, clientDir);
    child = server.child;
    const { baseURL } = server;
    const list = await fetch(`${baseURL}/api/posts?author=him`);
    const listBody = await list.text();
    const postId = (JSON.parse(listBody) as { items: Array<{ id: string }> }).items[0]!.id;
    // Bodies uncompressed (autocannon's default), so every case moves the same kind of bytes as
    // its ceiling. (autocannon itself slows down ~10x on any content-encoded body, which would
    // measure the load generator, not the server; browsers get the asset precompressed.)
    const none = {};
    const cases: Array<[string, string, Record<string, string>]> = [
      ["author list API", "/api/posts?author=him", none],
      ["post by id API", `/api/posts/${postId}`, none],
      ["tag list API", "/api/posts?tag=travel", none],
      ["/post/{id} shell", `/post/${postId}`, none],
      ["hashed JS asset", assetPath, none],
      ["ceiling", `/api/bench/ceiling?bytes=${Buffer.byteLength(listBody)}`, none],
      // The same ceiling at the compressed asset's size: large bodies cost the load generator too.
      [
        "ceiling (asset size)",
        `/api/bench/ceiling?bytes=${await bodyBytes(`${baseURL}${assetPath}`, none)}`,
        {},
      ],
    ];
    const rows: Row[] = [];
    for (const connections of CONNECTIONS) {
      for (const [name, urlPath, headers] of cases) {
        if (ONLY && !name.startsWith("ceiling") && !ONLY.some((o) => name.includes(o))) continue;
        const bytes = await bodyBytes(`${baseURL}${urlPath}`, headers);
        const r = await load(`${baseURL}${urlPath}`, connections, headers);
        rows.push({ name, connections, bytes, ...r });
      }
    }
    printTable(size, rows);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const clientDir = path.resolve(`.tmp/bench-client-${process.pid}`);
try {
  console.log("Building the client…");
  await buildClient(clientDir);
  const js = firstLoadJs(clientDir);
  console.log(
    `First load of /his-blog: ${js.files.filter((f) => f.endsWith(".js")).length} JS files, ` +
      `${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip, ${(js.br / 1024).toFixed(1)} KB brotli (budget 120 KB)`,
  );
  if (!js.entryFile) throw new Error("no entry chunk in the Vite manifest");
  for (const size of SIZES) await benchSize(size, clientDir, `/${js.entryFile}`);
} finally {
  rmSync(clientDir, { recursive: true, force: true });
}
