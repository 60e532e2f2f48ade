import path from "node:path";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDemo } from "./db/seed";
import { ConfigError, loadConfig } from "./env";
import { loadOrCreateSecret } from "./secret";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
  );
  await runMigrations(database);
  if (config.seedDemo) await seedDemo(database.db, config);

  const { app } = await buildApp({
    config,
    database,
    secret: loadOrCreateSecret(config.dataDir),
    serveClient: true,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Duet is serving ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
