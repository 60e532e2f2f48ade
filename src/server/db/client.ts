import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the code uses: either driver, PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine when kind is "pglite" (for snapshots and checkpoints). */
  pglite: PGlite | null;
  /** The pool when kind is "postgres" (for LISTEN/NOTIFY). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL sized for a small machine. PostgreSQL's default shared_buffers (128 MB)
 * lives inside PGlite's WebAssembly heap and is never given back; 16 MB keeps a blog's hot pages
 * (the operating system caches the files behind it) and saves ~140 MB of resident memory
 * (measured with `npm run bench`). One connection, so per-connection memory stays small too.
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "wal_buffers=512kB",
];

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob | File }
  | { kind: "postgres"; url: string; max?: number; statementTimeoutMs?: number };

/**
 * Every statement on PostgreSQL is bounded: one slow query cannot hold a connection (and the
 * requests queued behind it) for minutes; the request that hit it gets a 503 (http-server.ts).
 * PGlite ignores statement_timeout (no timers in its single WebAssembly thread: `pg_sleep(2)`
 * under a 300 ms timeout ran 2 s): docs/decisions/0042-bounding-database-work.md.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled), drizzle-wrapped or not. */
export function isStatementTimeout(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (e.code === "57014") return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Only the driver in use is loaded (each is megabytes of code a process would carry for nothing).
  if (options.kind === "postgres") {
    const [{ default: pgDriver }, { drizzle: drizzlePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
    ]);
    const pool = new pgDriver.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    });
    // An idle client error (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", pglite: null, pool, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    // PGlite creates only the last folder of its path.
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    dataDir = options.dataDir;
  }
  const [{ PGlite: PGliteDriver }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const client = await PGliteDriver.create(dataDir, {
    postgresqlconf: PGLITE_SETTINGS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    pool: null,
    close: async () => {
      if (!client.closed) {
        await client.query("CHECKPOINT").catch(() => {});
        await client.close();
      }
    },
  };
}
