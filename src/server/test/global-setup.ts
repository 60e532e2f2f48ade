import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
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
declare module "vitest" {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL test databases (test-database.ts), so its teardown finds them all. */
    testRun: string;
  }
}

export default async function setup(project: TestProject) {
  const run = randomUUID().replace(/-/g, "").slice(0, 8);
  project.provide("testRun", run);
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

  // Each worker keeps its PostgreSQL database to the end: drop them (and any a crash left) then.
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(
        "select datname as name from pg_database where datname like $1",
        [`duet_test_${run}_%`],
      );
      for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
