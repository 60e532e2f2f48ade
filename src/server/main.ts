import cluster from "node:cluster";
import { runPrimary } from "./cluster";
import { openEmbeddedEarly } from "./early-database";
import { type Config, ConfigError, loadConfig } from "./env";
import { reportFatal } from "./fatal";
import { loadOrCreateSecret } from "./secret";

// The environment is checked before anything heavy loads: a bad variable is one line and exit 2
// in a fraction of a second, not after Fastify, Better Auth and Fedify (serve.ts) have loaded.

async function main() {
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
    // Made once before the workers start, so they cannot race to write different secrets.
    if (!config.sessionSecret) loadOrCreateSecret(config.dataDir);
    runPrimary(config.webConcurrency, (line) => console.log(line));
    return;
  }

  // An error nothing caught ends this process with one line of cause for the supervisor
  // (supervisor.ts), which starts another; without one, the default: the stack and exit 1.
  process.on("uncaughtException", reportFatal);
  // The embedded database starts opening on its own thread first, then the server's modules load
  // (a separate file in dist/server, so that its imports do not all load before this line).
  const early = config.databaseUrl ? null : await openEmbeddedEarly(config);
  const here = import.meta.url;
  const entry = new URL(here.endsWith(".ts") ? "./serve.ts" : "./serve.js", here).href;
  const { serve } = (await import(entry)) as typeof import("./serve");
  await serve(config, early);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
