import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

/**
 * Build the client once per run into its own folder, so parallel runs never share a half-written
 * dist; the returned function (Playwright's teardown) removes it again.
 */
export default async function globalSetup() {
  const outDir = path.resolve(`.tmp/e2e-client-${process.pid}`);
  await build({
    configFile: path.resolve("vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
  });
  process.env.CLIENT_DIST_DIR = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
