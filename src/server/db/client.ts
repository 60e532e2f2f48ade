import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { DumpTarCompressionOptions } from "./pglite-protocol";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";
import { PGLITE_SETTINGS, STATEMENT_TIMEOUT_MS } from "./settings";

export type Schema = typeof schema;
/** The one database type the code uses: either driver, PostgreSQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What snapshots, checkpoints and scripts use of the embedded engine, on this thread or its own. */
export interface EmbeddedEngine {
  readonly closed: boolean;
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine when kind is "pglite" (for snapshots and checkpoints). */
  pglite: EmbeddedEngine | null;
  /** The pool when kind is "postgres" (for LISTEN/NOTIFY). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export { PGLITE_SETTINGS } from "./settings";

export type DatabaseOptions =
  | {
      kind: "pglite";
      dataDir: string | null;
      loadDataDir?: Blob | File;
      /**
       * Run PGlite in a worker thread (pglite-thread.ts), so the server's thread stays free while
       * a statement runs, and a statement past `statementTimeoutMs` is ended. The server does;
       * tests (unless PGLITE_THREAD=worker, test/test-app.ts) and one-off scripts do not.
       */
      worker?: boolean;
      /** A worker already opened (main.ts opens it while the server's modules load). */
      thread?: PgliteThread;
      statementTimeoutMs?: number;
      onRestart?: (reason: string) => void;
    }
  | { kind: "postgres"; url: string; max?: number; statementTimeoutMs?: number };

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled), drizzle-wrapped or not. */
export function isStatementTimeout(error: unknown): boolean {
  return hasSqlState(error, "57014");
}

/** A sealed take left draft (the `blog_posts_take_sealed` trigger, migration 0019). */
export const isSealedTakeError = (error: unknown): boolean => hasSqlState(error, "DU001");

function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (e.code === code) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    // Only the driver in use is loaded (each is megabytes of code a process would carry for nothing).
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
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  if (options.thread || options.worker) {
    const thread =
      options.thread ??
      (await PgliteThread.open({
        dataDir: dataDir ?? null,
        settings: PGLITE_SETTINGS,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        statementTimeoutMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
        ...(options.onRestart ? { onRestart: options.onRestart } : {}),
      }));
    // drizzle's PGlite driver uses query() and transaction() only, which the proxy provides.
    if (options.onRestart) thread.onRestart = options.onRestart;
    const db = drizzlePglite({ client: thread as unknown as PGlite, schema }) as unknown as Db;
    return { db, kind: "pglite", pglite: thread, pool: null, close: () => thread.close() };
  }
  const { PGlite: PGliteDriver } = await import("@electric-sql/pglite");
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
