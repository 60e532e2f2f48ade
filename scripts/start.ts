// `npm start`: check the configuration, build the client if it is missing, then migrate and
// serve (src/server/main.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/server/env";

// A bad variable should fail in a second, not after a client build.
let clientDir = path.resolve("dist/client");
try {
  clientDir = loadConfig().clientDistDir ?? clientDir;
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

if (!existsSync(path.join(clientDir, "index.html"))) {
  console.log("Building the client (first start)…");
  const { build } = await import("vite");
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "warn",
    build: { outDir: clientDir, emptyOutDir: true },
  });
}
await import("../src/server/main");
