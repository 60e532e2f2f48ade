import { rmSync } from "node:fs";
import path from "node:path";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { buildClient } from "../scripts/build-client.mjs";

/**
 * Build the client (and its server renderer) once per run into its own folder, so parallel runs
 * never share a half-written dist; the returned function (Playwright's teardown) removes it again.
 */
export default async function globalSetup() {
  const outDir = path.resolve(`.tmp/e2e-client-${process.pid}`);
  await buildClient(outDir, "error");
  process.env.CLIENT_DIST_DIR = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
