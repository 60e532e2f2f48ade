import { rmSync } from "node:fs";
import path from "node:path";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { buildClient } from "../scripts/build-client.mjs";
// @ts-expect-error: a plain-JavaScript build script, as above.
import { buildServer } from "../scripts/build-server.mjs";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";

/**
 * Build the client (and its server renderer) once per run into its own folder, so parallel runs
 * never share a half-written dist; compile the server (dist/server, written file by file with a
 * rename); and an empty, migrated embedded database that every server a test starts copies
 * (a new PGlite database takes 5–7 s to initialise, even in memory). The returned function (Playwright's teardown)
 * removes the client folder and the database again.
 */
export default async function globalSetup() {
  const outDir = path.resolve(`.tmp/e2e-client-${process.pid}`);
  const dbTemplate = path.resolve(`.tmp/e2e-db-${process.pid}`);
  const database = await openDatabase({ kind: "pglite", dataDir: dbTemplate });
  await runMigrations(database);
  await database.close();
  await buildClient(outDir, "error");
  // The servers the tests start run the compiled output, as `npm start` does (fixtures.ts).
  await buildServer();
  process.env.CLIENT_DIST_DIR = outDir;
  process.env.E2E_DB_TEMPLATE = dbTemplate;
  return () => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dbTemplate, { recursive: true, force: true });
  };
}
