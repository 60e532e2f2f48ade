// The client build: the browser bundle into `outDir` (default dist/client) and the server's
// renderer (the same React app, for server rendering) into `outDir/.ssr/entry-server.js`, plus
// brotli and gzip copies of the served text files so a server start need not make them.
// Used by `npm run build`, `npm start` and the browser tests: `node scripts/build-client.mjs [outDir]`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The same rule as src/server/shell/assets.ts: text of more than 1 KB is sent compressed.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/** @param {string} outDir @param {import("vite").LogLevel} [logLevel] */
export async function buildClient(outDir, logLevel = "warn") {
  const { build } = await import("vite");
  const configFile = path.join(ROOT, "vite.config.ts");
  await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } });
  await build({
    configFile,
    logLevel,
    // Self-contained, so it runs from any CLIENT_DIST_DIR (node_modules need not be above it).
    ssr: { noExternal: true, target: "node" },
    // React's production build, whatever NODE_ENV the server runs with.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      ssr: path.join(ROOT, "src/client/entry-server.tsx"),
      outDir: path.join(outDir, ".ssr"),
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  precompress(outDir);
}

/** @param {string} dir */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(full);
    if (raw.length <= 1024) continue;
    writeFileSync(`${full}.br`, brotliCompressSync(raw));
    writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildClient(path.resolve(process.argv[2] ?? path.join(ROOT, "dist/client")), "info");
}
