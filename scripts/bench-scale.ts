// `npm run bench` (second part; `tsx scripts/bench-scale.ts [--seconds=5] [--parts=memory,workers,cold]`):
// - memory: the RSS of the whole `npm start` process tree (npm, node) on the embedded database with
//   the demo blog: first start, idle, and peak under read load; plus what PGlite's settings cost.
// - workers: the same cached reads with WEB_CONCURRENCY=1 and 2 on a throwaway PostgreSQL.
// - cold: a different post id on every request across 100,000 posts (the cache cannot help: what a
//   crawler walking the archive costs), on PGlite and on PostgreSQL.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, PGLITE_SETTINGS } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { findPostgresBinDir, startPostgresCluster } from "../src/server/test/postgres-cluster";
import { hasExited } from "../src/server/test/stop-child";
import { expectOk, measure } from "./bench-check";
import { freePort } from "./local-server";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const SECONDS = Number(args.get("seconds") ?? 5);
const PARTS = (args.get("parts") ?? "memory,workers,cold").split(",");
const COLD_POSTS = Number(args.get("cold-posts") ?? 100_000);
const MB = 1024 * 1024;

/** A process and all its descendants, from /proc (Linux). */
function treePids(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Resident memory of a process and all its descendants, from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

interface Server {
  baseURL: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitHealthy(
  baseURL: string,
  child: ChildProcess,
  onTick?: (child: ChildProcess) => void,
): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    onTick?.(child);
    if (hasExited(child)) throw new Error("the server exited during start-up");
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function start(
  command: string,
  argv: string[],
  env: Record<string, string>,
  onTick?: (child: ChildProcess) => void,
) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(command, argv, {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      BACKUP_INTERVAL_MINUTES: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
    // Its own process group: stopping `npm start` must stop the server under it too.
    detached: true,
  });
  await waitHealthy(baseURL, child, onTick);
  const server: Server = {
    baseURL,
    child,
    async stop() {
      // npm runs its script in a process group of its own: signal every process of the tree.
      const tree = treePids(child.pid!);
      for (const pid of tree) {
        try {
          process.kill(pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      const alive = () =>
        tree.some((pid) => {
          try {
            process.kill(pid, 0);
            return !readFileSync(`/proc/${pid}/status`, "utf8").includes("State:\tZ");
          } catch {
            return false;
          }
        });
      while (alive()) await new Promise((r) => setTimeout(r, 100));
    },
  };
  return server;
}

async function load(urls: string[], connections: number, onTick?: () => void) {
  let i = 0;
  const timer = onTick ? setInterval(onTick, 200) : null;
  await expectOk(urls[0]!);
  const result = await measure(`${urls[0]} and ${urls.length - 1} more × ${connections}`, {
    url: urls[0]!,
    connections,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => {
          req.path =
            new URL(urls[i++ % urls.length]!).pathname + new URL(urls[(i - 1) % urls.length]!).search;
          return req;
        },
      },
    ],
  });
  if (timer) clearInterval(timer);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

async function memory() {
  console.log("\nMemory: `npm start` on the embedded database with the demo blog (RSS of npm + node)");
  const dir = mkdtempSync(path.join(tmpdir(), "duet-bench-mem-"));
  const clientDir = path.join(dir, "client");
  try {
    const env = { DATA_DIR: path.join(dir, "data"), CLIENT_DIST_DIR: clientDir, SEED_DEMO: "true" };
    let peak = 0;
    let server = await start("npm", ["start", "--silent"], env, (child) => {
      peak = Math.max(peak, treeRss(child.pid ?? 0));
    });
    console.log(`  first start (builds the client and creates the database in children): peak ${mb(peak)}`);
    await server.stop();
    server = await start("npm", ["start", "--silent"], env);
    const pid = server.child.pid!;
    const list = (await (await fetch(`${server.baseURL}/api/posts?author=her`)).json()) as {
      items: Array<{ id: string; slug: string }>;
    };
    await new Promise((r) => setTimeout(r, 5_000));
    const idle = treeRss(pid);
    let loaded = 0;
    const urls = [
      `${server.baseURL}/api/posts?author=him`,
      `${server.baseURL}/his-blog`,
      ...list.items.map((p) => `${server.baseURL}/post/${p.slug}`),
      ...list.items.map((p) => `${server.baseURL}/api/posts/${p.id}`),
    ];
    const r = await load(urls, 50, () => {
      loaded = Math.max(loaded, treeRss(pid));
    });
    console.log(
      `  idle ${mb(idle)} (target 250 MB); under load (50 connections, ${r.rps.toFixed(0)} req/s) peak ${mb(loaded)} (target 400 MB)`,
    );
    await server.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // What PGlite's settings cost: the engine alone, opened on the demo database, 200 list queries.
  const pgDir = mkdtempSync(path.join(tmpdir(), "duet-bench-pglite-"));
  try {
    const seeded = await openDatabase({ kind: "pglite", dataDir: path.join(pgDir, "db") });
    await runMigrations(seeded);
    await seeded.close();
    for (const [label, conf] of [
      ["PostgreSQL defaults (shared_buffers 128 MB)", [] as string[]],
      ["shared_buffers=16MB only", ["shared_buffers=16MB"]],
      [`Duet's settings (${PGLITE_SETTINGS.join(", ")})`, PGLITE_SETTINGS],
    ] as const) {
      const out = spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { PGlite } from "@electric-sql/pglite";
           const db = await PGlite.create(${JSON.stringify(path.join(pgDir, "db"))}, { postgresqlconf: ${JSON.stringify(conf)} });
           for (let i = 0; i < 200; i++) await db.query("select * from blog_posts order by date desc limit 20");
           console.log(process.memoryUsage().rss); await db.close();`,
        ],
        { encoding: "utf8" },
      );
      console.log(`  PGlite alone, ${label}: ${mb(Number(out.stdout.trim()))}`);
    }
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
  }
}

const TAGS = ["travel", "food", "home", "garden", "books", "diy"];
/** The same bulk rows as scripts/bench.ts, on either engine. */
function fillSql(start: number, end: number): string {
  const tags = `array[${TAGS.map((t) => `'${t}'`).join(",")}]`;
  return `insert into blog_posts (title, content, excerpt, author, date, image_url, images, hashtags)
    select 'Bench post ' || g,
      '<h2>Post ' || g || '</h2><p>' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 12) || '</p>',
      'A short summary of bench post ' || g,
      case when g % 2 = 0 then 'him' else 'her' end,
      now() - (g || ' minutes')::interval,
      null, '[]'::jsonb,
      array[(${tags})[1 + g % 6], (${tags})[1 + (g / 7) % 6]]
    from generate_series(${start}, ${end}) g`;
}

async function fill(exec: (sql: string) => Promise<unknown>, count: number) {
  for (let s = 1; s <= count; s += 10_000) await exec(fillSql(s, Math.min(count, s + 9_999)));
  await exec("analyze blog_posts");
}

async function workersAndCold(parts: string[]) {
  const bin = findPostgresBinDir();
  if (!bin) {
    console.log("\nSkipping the PostgreSQL benchmarks: no PostgreSQL binaries found.");
    return;
  }
  const cluster = await startPostgresCluster(bin, []);
  try {
    const database = await openDatabase({ kind: "postgres", url: cluster.url });
    await runMigrations(database);
    await database.close();
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const size = parts.includes("cold") ? COLD_POSTS : 10_000;
    const started = Date.now();
    await fill((q) => client.query(q), size);
    console.log(
      `\nPostgreSQL: filled ${size.toLocaleString("en")} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const ids = (await client.query<{ id: string }>("select id from blog_posts order by random()")).rows.map(
      (r) => r.id,
    );
    await client.end();
    const env = {
      DATABASE_URL: cluster.url,
      SEED_DEMO: "false",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "duet-bench-pg-")),
    };
    if (parts.includes("workers")) {
      console.log(
        `Cached reads on PostgreSQL, 50 connections, ${SECONDS} s (this machine has ${navigatorCores()} cores):`,
      );
      for (const workers of [1, 2]) {
        const server = await start(process.execPath, ["dist/server/main.js"], {
          ...env,
          WEB_CONCURRENCY: String(workers),
        });
        await allWorkersUp(server.baseURL, workers);
        const urls = [`${server.baseURL}/api/posts?author=him`, `${server.baseURL}/api/posts/${ids[0]}`];
        // Warm every worker's own cache (a fresh connection goes to the next worker).
        for (let i = 0; i < workers * 4; i++) for (const u of urls) await freshGet(u);
        const r = await load(urls, 50);
        console.log(
          `  WEB_CONCURRENCY=${workers}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.errors} errors`,
        );
        await server.stop();
      }
    }
    if (parts.includes("cold")) {
      const server = await start(process.execPath, ["dist/server/main.js"], env);
      const r = await load(
        ids.map((id) => `${server.baseURL}/api/posts/${id}`),
        10,
      );
      console.log(
        `Cold reads, PostgreSQL, ${size.toLocaleString("en")} posts, a new id each request: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.errors} errors`,
      );
      await server.stop();
    }
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  } finally {
    cluster.stop();
  }
}

/** GET on a new connection (node:cluster hands each connection to the next worker). */
function freshGet(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
}

/** Wait until every worker answers: measuring while one still starts would measure its start. */
async function allWorkersUp(baseURL: string, workers: number): Promise<void> {
  const pids = new Set<number>();
  for (let i = 0; i < 600 && pids.size < workers; i++) {
    pids.add((JSON.parse(await freshGet(`${baseURL}/api/health`)) as { pid: number }).pid);
    if (pids.size < workers) await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2_000));
}

function navigatorCores(): number {
  return availableParallelism();
}

async function coldPglite() {
  const dir = mkdtempSync(path.join(tmpdir(), "duet-bench-cold-"));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
    await runMigrations(database);
    const started = Date.now();
    await fill((q) => database.pglite!.exec(q), COLD_POSTS);
    const ids = (
      await database.pglite!.query<{ id: string }>("select id from blog_posts order by random()")
    ).rows.map((r) => r.id);
    await database.close();
    console.log(
      `\nPGlite: filled ${COLD_POSTS.toLocaleString("en")} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await start(process.execPath, ["dist/server/main.js"], {
      DATA_DIR: dir,
      SEED_DEMO: "false",
    });
    const r = await load(
      ids.map((id) => `${server.baseURL}/api/posts/${id}`),
      10,
    );
    console.log(
      `Cold reads, PGlite, ${COLD_POSTS.toLocaleString("en")} posts, a new id each request: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.errors} errors, tree RSS ${mb(treeRss(server.child.pid!))}`,
    );
    await server.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The server runs compiled, as `npm start` runs it.
spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
if (!existsSync("dist/server/main.js")) throw new Error("the server did not compile");
if (PARTS.includes("memory")) await memory();
if (PARTS.includes("cold")) await coldPglite();
if (PARTS.includes("workers") || PARTS.includes("cold")) await workersAndCold(PARTS);
