// `npm start`: build the client if it is missing, then migrate and serve (src/server/main.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const index = path.resolve("dist/client/index.html");
if (!existsSync(index)) {
  console.log("Building the client (first start)…");
  await build({ configFile: path.resolve("vite.config.ts"), logLevel: "warn" });
}
await import("../src/server/main");
