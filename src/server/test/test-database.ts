import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { rowsOf } from "../db/rows";
import { TEMPLATE_FILE } from "./global-setup";

/** A fresh database: a copy of the migrated PGlite template, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `duet_test_${inject("testRun")}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    await adminQuery(url, `create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: "postgres", url: dbUrl.href, max: 20 });
    await runMigrations(database);
    const close = database.close;
    database.close = async () => {
      await close();
      await adminQuery(url, `drop database if exists ${name} with (force)`).catch(() => {});
    };
    return database;
  }
  const blob = new Blob([readFileSync(TEMPLATE_FILE)]);
  // PGLITE_THREAD=worker: the same tests through the server's worker thread (db/pglite-thread.ts).
  return openDatabase({
    kind: "pglite",
    dataDir: null,
    loadDataDir: blob,
    worker: process.env.PGLITE_THREAD === "worker",
  });
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * One database per test worker, reused by the files it runs: opening one (a template copy, or
 * `create database` and every migration) and building the app cost seconds of CPU per file.
 * Between two users it is emptied back to what the migrations left (every table of the app's
 * schema truncated, its sequences restarted, rows the migrations insert put back), so a file
 * still starts on a database that is new in every way a test can see. One user at a time: an app
 * built while the shared one is in use gets a fresh database, as before. TEST_FRESH_DATABASES=1
 * gives every app a fresh one.
 */
interface Shared {
  database: Database;
  /** Closed for real (a test that closes ctx.database): the next user opens another one. */
  dead: boolean;
  reset: string;
}
let shared: Shared | null = null;
/** Taken synchronously, so two apps built at once never both get it. */
let claimed = false;

/** The worker's database for one app, and the function that hands it back (instead of closing it). */
export async function acquireTestDatabase(): Promise<{ database: Database; release: () => Promise<void> }> {
  if (process.env.TEST_FRESH_DATABASES === "1" || claimed) {
    const database = await openTestDatabase();
    return { database, release: () => database.close() };
  }
  claimed = true;
  try {
    let entry = shared;
    if (entry && !entry.dead && !entry.database.pglite?.closed) {
      try {
        await execScript(entry.database, entry.reset);
      } catch {
        // A database left unusable (a connection lost, a lock held): start over with a new one.
        await closeShared();
        entry = null;
      }
    } else entry = null;
    if (!entry) {
      entry = await openShared();
      shared = entry;
    }
    let released = false;
    return {
      database: entry.database,
      release: async () => {
        if (!released) claimed = false;
        released = true;
      },
    };
  } catch (error) {
    claimed = false;
    throw error;
  }
}

async function closeShared(): Promise<void> {
  const old = shared;
  shared = null;
  if (old && !old.dead) await old.database.close().catch(() => {});
}

async function openShared(): Promise<Shared> {
  const database = await openTestDatabase();
  const entry: Shared = { database, dead: false, reset: await resetStatement(database) };
  const close = database.close;
  database.close = async () => {
    entry.dead = true;
    await close();
  };
  return entry;
}

/** SQL that empties the app's tables back to their migrated state, in one round trip. */
async function resetStatement(database: Database): Promise<string> {
  const rows = async <T>(query: string): Promise<T[]> => rowsOf<T>(await database.db.execute(query));
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const tables = (
    await rows<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")
  ).map((t) => `public.${quote(t.name)}`);
  if (tables.length === 0) return "";
  // Rows the migrations themselves write (none today) are kept aside in their own schema.
  const seeded: string[] = [];
  for (const table of tables) {
    const [row] = await rows<{ any: boolean }>(`select exists (select 1 from ${table}) as any`);
    if (row?.any) seeded.push(table);
  }
  if (seeded.length > 0) await database.db.execute("create schema if not exists duet_test_seed");
  const restore: string[] = [];
  for (const [i, table] of seeded.entries()) {
    await database.db.execute(`create table duet_test_seed.t${i} as select * from ${table}`);
    restore.push(`insert into ${table} overriding system value select * from duet_test_seed.t${i}`);
  }
  // Sequences no column owns are not restarted by RESTART IDENTITY.
  const loose = await rows<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public'
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))`,
  );
  // A connection the last user left holding a lock fails the reset (a new database then) rather than hang.
  return [
    "begin",
    "set local lock_timeout = '10s'",
    `truncate table ${tables.join(", ")} restart identity cascade`,
    ...loose.map((s) => `alter sequence ${s.name} restart`),
    ...restore,
    "commit",
  ].join(";\n");
}

/** Several statements in one round trip (the simple query protocol). */
async function execScript(database: Database, script: string): Promise<void> {
  if (!script) return;
  if (database.pglite) await database.pglite.exec(script);
  else await database.pool!.query(script);
}
