import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { REPO_ROOT } from "../paths";
import type { Database, Schema } from "./client";

export const MIGRATIONS_DIR = path.join(REPO_ROOT, "migrations");

/** Apply the committed SQL migrations (idempotent); tests may name a folder holding the first few. */
export async function runMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    // Several processes may start at once against one PostgreSQL: serialise migrations.
    const client = await database.pool!.connect();
    try {
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(database.db as unknown as NodePgDatabase<Schema>, config);
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => {});
      client.release();
    }
  }
}
