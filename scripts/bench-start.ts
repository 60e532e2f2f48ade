// `npm run bench` (or alone: `npx tsx scripts/bench-start.ts [-- --runs=5 --load-seconds=60]`): how
// fast the compiled server (dist/server/main.js, as npm start runs it) starts on an existing
// DATA_DIR, and how much memory its process holds idle and after mixed load. The DATA_DIR is made
// by one first start (demo blog); each run then starts plain node on it and times the moment the
// first page (`/`) answers 200. Memory is the serving process's resident set (VmRSS).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_NODE_FLAGS } from "../src/server/node-flags";
import { hasExited, stopChild } from "../src/server/test/stop-child";
import { measure } from "./bench-check";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { buildServer, SERVER_DIST, serverIsStale } from "./build-server.mjs";
import { freePort } from "./local-server";

export const START_GOAL_MS = 3_000;
export const IDLE_GOAL_MB = 220;
export const LOADED_GOAL_MB = 300;
/** "No growth": what the second half of the mixed load may add (allocator noise, not a leak). */
export const GROWTH_GOAL_MB = 10;
/**
 * Seconds of mixed load before "loaded" memory is read: BENCH_MEMORY_MINUTES=10 for the goal's
 * ten minutes (a normal bench stays short), else `--load-seconds`, else 60.
 */
export function memoryLoadSeconds(arg: string | undefined): number {
  const minutes = Number(process.env.BENCH_MEMORY_MINUTES ?? "");
  if (Number.isFinite(minutes) && minutes > 0) return minutes * 60;
  return Number(arg ?? 60);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function startCompiled(dataDir: string, clientDir: string, port: number): ChildProcess {
  // As npm start runs it: the supervisor's flags (src/server/node-flags.ts).
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(SERVER_DIST, "main.js")], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BACKUP_INTERVAL_MINUTES: "0",
      CLIENT_DIST_DIR: clientDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** User + system CPU of a process so far, in milliseconds (Linux /proc: 100 ticks a second). */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Milliseconds from spawn to the first 200 of `/` (a first start creates the database: 5 minutes at most). */
async function firstPage(child: ChildProcess, baseURL: string, started: number): Promise<number> {
  for (;;) {
    if (hasExited(child)) throw new Error("the server exited during start-up");
    try {
      const res = await fetch(`${baseURL}/`);
      await res.arrayBuffer();
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface StartFigures {
  startMs: number[];
  /** CPU the server spent until its first page: unlike wall time, barely moved by a busy machine. */
  startCpuMs: number[];
  idleMb: number;
  loadedMb: number;
  peakMb: number;
  /** RSS at each tenth of the load (growth shows as a rising tail). */
  samplesMb: number[];
  loadSeconds: number;
  load: string;
}

/** Start-up time over `runs` starts, then idle and loaded memory of one serving process. */
export async function benchStart(
  clientDir: string,
  { runs = 5, loadSeconds = 60 }: { runs?: number; loadSeconds?: number } = {},
): Promise<StartFigures> {
  if (serverIsStale()) await buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "duet-bench-start-"));
  try {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    // The first start creates the database and the demo blog: not what is timed.
    const first = startCompiled(dataDir, clientDir, port);
    await firstPage(first, baseURL, Date.now());
    await stopChild(first);
    const startMs: number[] = [];
    const startCpuMs: number[] = [];
    let child: ChildProcess | null = null;
    for (let run = 0; run < runs; run++) {
      const started = Date.now();
      child = startCompiled(dataDir, clientDir, port);
      startMs.push(await firstPage(child, baseURL, started));
      startCpuMs.push(cpuMs(child.pid));
      if (run < runs - 1) await stopChild(child);
    }
    const server = child!;
    // Idle: after the start's own work has settled.
    await new Promise((r) => setTimeout(r, 5_000));
    const idleMb = rssMb(server.pid);
    const posts = (await (await fetch(`${baseURL}/api/posts?author=her`)).json()) as {
      items: Array<{ slug: string }>;
    };
    const slug = posts.items[0]?.slug ?? "";
    let peakMb = idleMb;
    const samplesMb: number[] = [];
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(server.pid));
    }, 500);
    const tenths = setInterval(() => samplesMb.push(rssMb(server.pid)), (loadSeconds * 1000) / 10);
    // Mixed reads with counted views: pages, lists, a post, the feed, the sitemap, beacons.
    let visitor = 0;
    await measure("mixed load", {
      url: baseURL,
      connections: 10,
      duration: loadSeconds,
      requests: [
        { method: "GET", path: "/" },
        { method: "GET", path: "/his-blog" },
        { method: "GET", path: `/post/${slug}` },
        { method: "GET", path: "/api/posts?author=him" },
        { method: "GET", path: "/feed.xml" },
        { method: "GET", path: "/sitemap.xml" },
        {
          method: "POST",
          path: "/api/stats/view",
          body: JSON.stringify({ p: "/his-blog" }),
          setupRequest: (req) => ({
            ...req,
            headers: {
              "content-type": "text/plain",
              "sec-fetch-site": "same-origin",
              "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36",
              "x-forwarded-for": `10.9.${(visitor >> 8) & 255}.${visitor++ & 255}`,
            },
          }),
        },
      ],
    });
    clearInterval(sampler);
    clearInterval(tenths);
    const loadedMb = rssMb(server.pid);
    await stopChild(server);
    return {
      startMs,
      startCpuMs,
      idleMb,
      loadedMb,
      peakMb,
      samplesMb,
      loadSeconds,
      load: loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStart(f: StartFigures): void {
  const start = median(f.startMs);
  const mark = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(`\nStart and memory (compiled server, existing DATA_DIR, load average ${f.load})`);
  console.log("| what | figure | goal |");
  console.log("|---|---|---|");
  console.log(
    `| start to first page (median of ${f.startMs.length}: ${f.startMs.join(", ")} ms) | ${start} ms | ≤ ${START_GOAL_MS} ms on a quiet machine ${mark(start <= START_GOAL_MS)} |`,
  );
  console.log(
    `| CPU of the server until its first page (median; ${f.startCpuMs.join(", ")} ms) | ${median(f.startCpuMs)} ms | - |`,
  );
  console.log(
    `| server process idle | ${f.idleMb.toFixed(0)} MB | ≤ ${IDLE_GOAL_MB} MB ${mark(f.idleMb <= IDLE_GOAL_MB)} |`,
  );
  console.log(
    `| after ${f.loadSeconds} s of mixed load (peak ${f.peakMb.toFixed(0)} MB) | ${f.loadedMb.toFixed(0)} MB | ≤ ${LOADED_GOAL_MB} MB after 10 min ${mark(f.loadedMb <= LOADED_GOAL_MB)} |`,
  );
  // No growth: the second half of the run ends within a few MB of where it started.
  const half = f.samplesMb.slice(Math.floor(f.samplesMb.length / 2));
  const growth = half.length > 1 ? half[half.length - 1]! - half[0]! : 0;
  console.log(
    `| growth over the second half of the load (RSS at each tenth: ${f.samplesMb.map((m) => m.toFixed(0)).join(", ")} MB) | ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB | no growth (≤ +${GROWTH_GOAL_MB} MB) ${mark(growth <= GROWTH_GOAL_MB)} |`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, "").split("=");
      return [k!, v ?? "true"] as const;
    }),
  );
  const clientDir = path.resolve(args.get("client") ?? "dist/client");
  if (!existsSync(path.join(clientDir, "index.html"))) {
    const { buildClient } = await import("./build-client.mjs" as string);
    await buildClient(clientDir, "error");
  }
  printStart(
    await benchStart(clientDir, {
      runs: Number(args.get("runs") ?? 5),
      loadSeconds: memoryLoadSeconds(args.get("load-seconds")),
    }),
  );
}
