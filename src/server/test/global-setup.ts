import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { REPO_ROOT } from "../paths";

export const TEMPLATE_FILE = path.resolve(".tmp/pglite-template.tar.gz");

/**
 * A new PGlite database takes 5–7 s to initialise, even in memory (reopening one ~0.7 s): migrate
 * one template once and copy it (`dumpDataDir()` / `loadDataDir`) per test file.
 * And compile the server once (dist/server, as `npm start` does): the tests that start it as a
 * process run the compiled output under plain node, not the sources through tsx.
 */
export default async function setup() {
  const build = (await import(path.join(REPO_ROOT, "scripts/build-server.mjs"))) as {
    buildServer: () => Promise<void>;
  };
  await build.buildServer();
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir("gzip");
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
