// Compile the server (src/server, src/common) into dist/server with esbuild: `npm start` runs the
// compiled JavaScript with plain node (no TypeScript loader held in memory). Packages stay external
// (loaded from node_modules as they are). `node scripts/build-server.mjs` builds unconditionally.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(ROOT, "dist", "server");
const SOURCES = ["src/server", "src/common"].map((d) => path.join(ROOT, d));

function newestSource() {
  let newest = statSync(path.join(ROOT, "package.json")).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  SOURCES.forEach(walk);
  return newest;
}

/** True when dist/server is missing or older than a source file. */
export function serverIsStale() {
  const out = path.join(SERVER_DIST, "main.js");
  return !existsSync(out) || statSync(out).mtimeMs < newestSource();
}

/** esbuild's options for dist/server (src/server/start-graph.test.ts reads what start loads from them). */
export const SERVER_BUILD = {
  absWorkingDir: ROOT,
  entryPoints: {
    main: "src/server/main.ts",
    // Loaded by main.js after the embedded database has started opening (src/server/main.ts).
    serve: "src/server/serve.ts",
    "start-check": "src/server/start-check.ts",
    prepare: "src/server/prepare.ts",
    // npm start's supervisor: replaces a serving process that dies (src/server/supervisor.ts).
    supervisor: "src/server/supervisor.ts",
    // The studio's archive import checks uploads in this child process (archive/inspect-child.ts).
    "archive-inspect": "src/server/archive/inspect-worker.ts",
    // The embedded database's worker thread (src/server/db/pglite-thread.ts).
    "pglite-worker": "src/server/db/pglite-worker.ts",
  },
  outdir: SERVER_DIST,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // What is imported with import() becomes a chunk loaded on first use, not at start (a reader's
  // request never needs the social web, the archive or the metrics registry).
  splitting: true,
  // Beside the entries, so a chunk's import.meta.url finds its neighbours (archive-inspect.js).
  chunkNames: "[name]-[hash]",
  logLevel: "warning",
};

export async function buildServer() {
  const esbuild = await import("esbuild");
  // esbuild's service process (about 49 MB) would otherwise live as long as the caller: npm start.
  const result = await esbuild.build({ ...SERVER_BUILD, write: false }).finally(() => esbuild.stop());
  // Each file is written whole, then renamed: two starts compiling at once never see half a file.
  // Chunks of earlier builds stay: a server still running one may yet load them (names are hashed).
  mkdirSync(SERVER_DIST, { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildServer();
