// `npm start`: compile the server if its sources changed, check the configuration, build the
// client and create a new embedded database in child processes (their memory goes back when they
// exit), then run the compiled server (dist/server/main.js) as a supervised child process:
// migrate, seed, serve, and a replacement within seconds when it dies (src/server/supervisor.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildServer, ROOT, SERVER_DIST, serverIsStale } from "./build-server.mjs";

if (serverIsStale()) {
  console.log("Compiling the server…");
  await buildServer();
}
const { checkStartConfig } = await import(pathToFileURL(path.join(SERVER_DIST, "start-check.js")).href);
const { clientDir, createDatabase } = checkStartConfig(path.join(ROOT, "dist", "client"));

if (
  !existsSync(path.join(clientDir, "index.html")) ||
  !existsSync(path.join(clientDir, ".ssr/entry-server.js"))
) {
  console.log("Building the client (first start)…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-client.mjs"), clientDir], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The client build failed.");
    process.exit(1);
  }
}
if (createDatabase) {
  const result = spawnSync(process.execPath, [path.join(SERVER_DIST, "prepare.js")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server runs as a child of this process, which replaces it within seconds if it dies.
const { supervise } = await import(pathToFileURL(path.join(SERVER_DIST, "supervisor.js")).href);
supervise({ script: path.join(SERVER_DIST, "main.js") });
