// `npm start` (scripts/start.mjs) runs this compiled check first: a bad variable stops the start in a
// second, before any build, with one line naming it (exit 2).
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "./env";

export interface StartPlan {
  /** The folder the built client is served from. */
  clientDir: string;
  /** The embedded database does not exist yet: create it in a child process first (see prepare.ts). */
  createDatabase: boolean;
}

/** What `npm start` must do before serving, or the process exits 2 on a bad configuration. */
export function checkStartConfig(defaultClientDir: string): StartPlan {
  try {
    const config = loadConfig();
    return {
      clientDir: config.clientDistDir ?? defaultClientDir,
      createDatabase: !config.databaseUrl && !existsSync(path.join(config.dataDir, "db", "PG_VERSION")),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
