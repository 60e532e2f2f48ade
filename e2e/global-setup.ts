import path from "node:path";
import { build } from "vite";

/** Build the client once per run into its own folder, so parallel runs never share a half-written dist. */
export default async function globalSetup() {
  const outDir = path.resolve(`.tmp/e2e-client-${process.pid}`);
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
  });
  process.env.CLIENT_DIST_DIR = outDir;
}
