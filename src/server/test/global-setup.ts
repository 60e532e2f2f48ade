import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";

export const TEMPLATE_FILE = path.resolve(".tmp/pglite-template.tar.gz");

/** STACK-NOTES: a new PGlite takes seconds; migrate one template once and copy it per test file. */
export default async function setup() {
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir("gzip");
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
