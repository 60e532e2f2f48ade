// `npm run bench [-- --sizes=1000,100000 --databases=pglite,postgres --seconds=3 --rounds=3 --connections=10,50 --cases=page,start]`: a
// benchmark, not a test. For each size: fill a temporary DATA_DIR with that many posts (bulk SQL),
// start the real server (src/server/main.ts, server rendering on, default logging) on 127.0.0.1
// with an ephemeral port, and load it with autocannon: the /his-blog and /post/{id} pages, the
// author list, post and tag list APIs, and a hashed JS asset. Each case is measured against two
// ceilings answering the same bytes from memory in their own processes: a bare Fastify
// (scripts/bench-ceiling.ts, no hooks, no logging) and nginx (a generated config, when
// /usr/sbin/nginx exists), and the pages again through the documented proxy beside nginx static
// (bench-proxy.ts). First, start time and memory of the compiled server (bench-start.ts, cases
// 'start'; --load-seconds of mixed load). Duet and the bare server take turns for --rounds rounds of --seconds
// each and the medians are reported: on a shared machine one pair of runs can differ by 30%. Also reports the compressed JavaScript of a first load of /his-blog.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import {
  findPostgresBinDir,
  type PostgresCluster,
  startPostgresCluster,
} from "../src/server/test/postgres-cluster";
import { hasExited, stopChild } from "../src/server/test/stop-child";
import { cpuOf, expectOk, measure } from "./bench-check";
import { benchCollab } from "./bench-collab";
import { benchCounting } from "./bench-counting";
import { benchProxy } from "./bench-proxy";
import { benchStart, memoryLoadSeconds, printStart } from "./bench-start";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { buildClient } from "./build-client.mjs";
import { freePort, startDuet } from "./local-server";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const SIZES = (args.get("sizes") ?? "1000,100000").split(",").map(Number);
const SECONDS = Number(args.get("seconds") ?? 3);
const ROUNDS = Math.max(1, Number(args.get("rounds") ?? 3));
const CONNECTIONS = (args.get("connections") ?? "10,50").split(",").map(Number);
const ONLY = args.get("cases")?.split(",");
const BATCH = 10_000;
type Db = "pglite" | "postgres";
const DB_NAMES: Record<Db, string> = { pglite: "the embedded database (PGlite)", postgres: "PostgreSQL" };
const POSTGRES_BIN = findPostgresBinDir();
/** Both databases (PostgreSQL when its binaries are installed), or `--databases=pglite`. */
const DATABASES = (args.get("databases") ?? "pglite,postgres")
  .split(",")
  .filter((d): d is Db => d === "pglite" || (d === "postgres" && POSTGRES_BIN !== null));
/** At the largest size every case runs at this share of its speed at the smallest, or better. */
const GROWTH_GOAL = 0.5;
const NGINX = "/usr/sbin/nginx";
const TAGS = ["travel", "food", "home", "garden", "books", "diy"];

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

async function fill(dataDir: string, count: number, databaseUrl: string | null) {
  const database = await openDatabase(
    databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "pglite", dataDir: path.join(dataDir, "db") },
  );
  await runMigrations(database);
  const exec = (sql: string) => (database.pglite ? database.pglite.exec(sql) : database.pool!.query(sql));
  const tags = `array[${TAGS.map((t) => `'${t}'`).join(",")}]`;
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await exec(`
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
  await exec("analyze blog_posts");
  await database.close();
}

function startServer(dataDir: string, clientDir: string, databaseUrl: string | null) {
  return startDuet(dataDir, clientDir, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: "false",
    // The default logging: its cost is part of what is measured (the lines go nowhere).
    LOG_LEVEL: "info",
    // The statistics case sends beacons from many addresses, as through a proxy (bench-counting.ts).
    TRUST_PROXY: "127.0.0.1",
  });
}

interface Row {
  name: string;
  connections: number;
  bytes: number;
  duet: Result;
  bare: Result;
  /** The median over the rounds of Duet's req/s over the bare server's in the same round. */
  ofBare: number;
  nginx: Result | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each figure's median over the rounds; errors added up. */
const medianResult = (runs: Result[]): Result => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  cpuUs: median(runs.map((r) => r.cpuUs)),
});

interface Result {
  rps: number;
  p99: number;
  errors: number;
  /** CPU time of the serving process per request: unlike req/s, barely moved by a busy machine. */
  cpuUs: number;
}

async function load(url: string, connections: number, pid: number | undefined): Promise<Result> {
  const before = cpuOf(pid);
  await expectOk(url);
  const result = await measure(`${url} × ${connections}`, {
    url,
    connections,
    duration: SECONDS,
    pipelining: 1,
  });
  const cpu = cpuOf(pid) - before;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuUs: result.requests.total > 0 ? cpu / result.requests.total : 0,
  };
}

/** GET a body as autocannon receives it (uncompressed). */
async function fetchBody(url: string): Promise<{ body: Buffer; type: string }> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") ?? "" };
}

async function waitForPort(url: string, child: ChildProcess, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`${what} exited during start-up`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${what} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The bare Fastify ceiling (scripts/bench-ceiling.ts) in its own process. */
async function startCeiling(dir: string): Promise<{ baseURL: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-ceiling.ts", dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", () => reject(new Error("the ceiling server exited")));
  });
  return { baseURL: `http://127.0.0.1:${port}`, child };
}

/** nginx serving the same bytes from files, with a generated config; null when not installed. */
async function startNginx(dir: string, count: number, types: string[]) {
  if (!existsSync(NGINX)) return null;
  const port = await freePort();
  const locations = types
    .slice(0, count)
    .map((type, i) => `location = /c/${i} { default_type "${type}"; alias ${dir}/${i}.body; }`)
    .join("\n    ");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/nginx.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on; tcp_nopush on;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server {
    listen 127.0.0.1:${port};
    ${locations}
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForPort(`${baseURL}/c/0`, child, "nginx");
  return { baseURL, child };
}

function printTable(size: number, db: Db, rows: Row[]) {
  const header = [
    "case",
    "conns",
    "body B",
    "req/s",
    "p99 ms",
    "CPU µs/req",
    "bare req/s",
    "bare CPU µs",
    "of bare (req/s)",
    "of bare (CPU)",
    "nginx req/s",
    "errors",
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.connections),
    String(r.bytes),
    r.duet.rps.toFixed(0),
    r.duet.p99.toFixed(1),
    r.duet.cpuUs.toFixed(0),
    r.bare.rps.toFixed(0),
    r.bare.cpuUs.toFixed(0),
    `${(100 * r.ofBare).toFixed(0)}%`,
    r.duet.cpuUs > 0 ? `${((100 * r.bare.cpuUs) / r.duet.cpuUs).toFixed(0)}%` : "-",
    r.nginx ? r.nginx.rps.toFixed(0) : "-",
    String(r.duet.errors + r.bare.errors + (r.nginx?.errors ?? 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(
    `\n${size.toLocaleString("en")} posts on ${DB_NAMES[db]}, ${ROUNDS} alternating rounds of ${SECONDS} s per case (medians), default logging (info)`,
  );
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
}

/** Each case at the largest size beside the smallest, per database, against the goal. */
function printGrowth(tables: Map<string, Row[]>) {
  const small = Math.min(...SIZES);
  const large = Math.max(...SIZES);
  if (small === large) return;
  console.log(
    `\nAt ${large.toLocaleString("en")} posts against ${small.toLocaleString("en")} (req/s, medians)`,
  );
  console.log("| database | case | connections | small | large | large/small | goal |");
  console.log("|---|---|---|---|---|---|---|");
  for (const db of DATABASES) {
    const before = tables.get(`${db}|${small}`) ?? [];
    for (const row of tables.get(`${db}|${large}`) ?? []) {
      const base = before.find((b) => b.name === row.name && b.connections === row.connections);
      if (!base) continue;
      const ratio = row.duet.rps / base.duet.rps;
      console.log(
        `| ${db} | ${row.name} | ${row.connections} | ${base.duet.rps.toFixed(0)} | ${row.duet.rps.toFixed(0)} | ${ratio.toFixed(2)} | ≥ ${GROWTH_GOAL} ${ratio >= GROWTH_GOAL ? "met" : "NOT met"} |`,
      );
    }
  }
}

async function benchSize(size: number, db: Db, clientDir: string, assetPath: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-bench-"));
  const bodiesDir = mkdtempSync(path.join(tmpdir(), "duet-bench-bodies-"));
  // nginx's worker may run as another user: let it read the bodies.
  chmodSync(bodiesDir, 0o755);
  const children: Array<ChildProcess | null | undefined> = [];
  let cluster: PostgresCluster | null = null;
  try {
    if (db === "postgres") cluster = await startPostgresCluster(POSTGRES_BIN!);
    const databaseUrl = cluster?.url ?? null;
    const started = Date.now();
    await fill(dataDir, size, databaseUrl);
    console.log(
      `\nFilled ${size.toLocaleString("en")} posts on ${DB_NAMES[db]} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await startServer(dataDir, clientDir, databaseUrl);
    children.push(server.child);
    const { baseURL } = server;
    const list = await fetchBody(`${baseURL}/api/posts?author=him`);
    // A post's page lives at its slug (/post/{id} answers 301 to it).
    const first = (JSON.parse(list.body.toString()) as { items: Array<{ id: string; slug: string }> })
      .items[0]!;
    const postId = first.id;
    // Bodies uncompressed (autocannon's default), the same bytes for Duet and both ceilings.
    const cases: Array<[string, string]> = [
      ["/his-blog page", "/his-blog"],
      ["/post/{slug} page", `/post/${first.slug}`],
      ["author list API", "/api/posts?author=him"],
      ["post by id API", `/api/posts/${postId}`],
      ["tag list API", "/api/posts?tag=travel"],
      ["hashed JS asset", assetPath],
    ].filter(([name]) => !ONLY || ONLY.some((o) => name!.includes(o))) as Array<[string, string]>;
    const index: Array<{ path: string; type: string; file: string }> = [];
    const sizes: number[] = [];
    for (const [i, [, urlPath]] of cases.entries()) {
      const { body, type } = await fetchBody(`${baseURL}${urlPath}`);
      writeFileSync(path.join(bodiesDir, `${i}.body`), body, { mode: 0o644 });
      index.push({ path: `/c/${i}`, type, file: `${i}.body` });
      sizes.push(body.length);
    }
    writeFileSync(path.join(bodiesDir, "index.json"), JSON.stringify(index));
    const bare = await startCeiling(bodiesDir);
    children.push(bare.child);
    const nginx = await startNginx(
      bodiesDir,
      cases.length,
      index.map((b) => b.type),
    );
    children.push(nginx?.child);
    const rows: Row[] = [];
    for (const connections of CONNECTIONS) {
      for (const [i, [name, urlPath]] of cases.entries()) {
        const duetRuns: Result[] = [];
        const bareRuns: Result[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          duetRuns.push(await load(`${baseURL}${urlPath}`, connections, server.child.pid));
          bareRuns.push(await load(`${bare.baseURL}/c/${i}`, connections, bare.child.pid));
        }
        const nginxResult = nginx
          ? await load(`${nginx.baseURL}/c/${i}`, connections, nginx.child.pid)
          : null;
        rows.push({
          name,
          connections,
          bytes: sizes[i]!,
          duet: medianResult(duetRuns),
          bare: medianResult(bareRuns),
          ofBare: median(duetRuns.map((d, r) => d.rps / bareRuns[r]!.rps)),
          nginx: nginxResult,
        });
      }
    }
    printTable(size, db, rows);
    // The proxy and the statistics rows once, on the default database.
    if (nginx && db === "pglite") {
      const pages = cases
        .map(([name, urlPath], i) => ({ name, urlPath, staticURL: `${nginx.baseURL}/c/${i}` }))
        .filter((c) => c.name.endsWith("page"));
      if (pages.length > 0)
        await benchProxy(baseURL, pages, { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS });
    }
    if ((!ONLY || ONLY.includes("counting")) && db === "pglite") {
      const counted: Array<[string, string]> = [
        ["/his-blog page", "/his-blog"],
        ["author list API", "/api/posts?author=him"],
      ];
      await benchCounting(baseURL, counted, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        pid: server.child.pid,
      });
    }
    return rows;
  } finally {
    for (const child of children.reverse()) {
      // A child that died under load is a finding, not something to wait for.
      if (child && hasExited(child))
        console.warn(
          `a benchmark process (${child.spawnfile}) had ended: ${child.exitCode ?? child.signalCode}`,
        );
      await stopChild(child);
    }
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bodiesDir, { recursive: true, force: true });
  }
}

const clientDir = path.resolve(`.tmp/bench-client-${process.pid}`);
try {
  console.log("Building the client…");
  await buildClient(clientDir, "error");
  const js = firstLoadJs(clientDir);
  console.log(
    `First load of /his-blog: ${js.files.filter((f) => f.endsWith(".js")).length} JS files, ` +
      `${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip, ${(js.br / 1024).toFixed(1)} KB brotli (budget 100 KB)`,
  );
  if (!js.entryFile) throw new Error("no entry chunk in the Vite manifest");
  // Writing together: keystroke-to-partner latency and memory per open document (bench-collab.ts).
  if (!ONLY || ONLY.includes("collab")) await benchCollab();
  if (!ONLY || ONLY.includes("start"))
    printStart(
      await benchStart(clientDir, { runs: 5, loadSeconds: memoryLoadSeconds(args.get("load-seconds")) }),
    );
  const tables = new Map<string, Row[]>();
  for (const db of DATABASES)
    for (const size of SIZES)
      tables.set(`${db}|${size}`, await benchSize(size, db, clientDir, `/${js.entryFile}`));
  printGrowth(tables);
} finally {
  rmSync(clientDir, { recursive: true, force: true });
}
