import cluster from "node:cluster";
import { runPrimary } from "./cluster";
import { openEmbeddedEarly } from "./early-database";
import { type Config, ConfigError, loadConfig } from "./env";
import { reportFatal, SERVE_MESSAGE, STANDBY_ENV } from "./fatal";
import { loadOrCreateSecret } from "./secret";

// Compiled (scripts/build-server.mjs), main.js is a small chunk of its own: this file, the config
// (env.ts, zod), the DATA_DIR lock, PGlite's worker thread, fatal.ts and secret.ts. It checks the
// config (a bad variable is one line and exit 2), takes the DATA_DIR lock and starts the embedded
// database opening on its worker thread, and only then imports serve.js, the rest of the server
// (Fastify, Better Auth, every route), which is the bulk of the bundle. A standby imports
// serve.js while it waits, once its config has passed.

/** A standby (fatal.ts): resolves when the supervisor says serve; ends the process if it goes away. */
function serveSignal(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: unknown } | null) => {
      if (message?.type !== SERVE_MESSAGE) return;
      process.off("message", onMessage);
      process.off("disconnect", onGone);
      resolve();
    };
    const onGone = () => process.exit(0);
    process.on("message", onMessage);
    process.on("disconnect", onGone);
  });
}

async function main() {
  // Listened for from the first line: the word may come before the modules have loaded.
  const standby = process.env[STANDBY_ENV] === "1" && process.send ? serveSignal() : null;
  // Not inherited by the cluster's workers or any child of this process.
  delete process.env[STANDBY_ENV];
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await standby;
    // Made once before the workers start, so they cannot race to write different secrets.
    if (!config.sessionSecret) loadOrCreateSecret(config.dataDir);
    runPrimary(config.webConcurrency, (line) => console.log(line));
    return;
  }

  // An error nothing caught ends this process with one line of cause for the supervisor
  // (supervisor.ts), which starts another; without one, the default: the stack and exit 1.
  process.on("uncaughtException", reportFatal);
  // The embedded database starts opening on its own thread, then the server's modules load (a
  // separate file in dist/server, so that its imports do not all load before this line).
  const here = import.meta.url;
  const entry = new URL(here.endsWith(".ts") ? "./serve.ts" : "./serve.js", here).href;
  const load = () => import(entry) as Promise<typeof import("./serve")>;
  // A standby loads while it waits; told to serve before it is done, it opens the database
  // meanwhile, as any other start does.
  const loading = standby ? load() : null;
  loading?.catch(() => {});
  await standby;
  const early = config.databaseUrl ? null : await openEmbeddedEarly(config);
  const { serve } = await (loading ?? load());
  await serve(config, early);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
