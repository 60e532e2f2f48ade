// `npm run test:pg`: the API tests that touch SQL (see sqlTestFiles) against a real PostgreSQL.
// TEST_DATABASE_URL set: use that server. Otherwise start a throwaway cluster from Debian's
// binaries (/usr/lib/postgresql/*/bin) in a temp dir on 127.0.0.1, and always remove it.
// No binaries: skip with a clear line, unless DUET_TEST_POSTGRES=1 (CI), which makes it a failure.
import { type SpawnOptions, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  findPostgresBinDir,
  type PostgresCluster,
  startPostgresCluster,
} from "../src/server/test/postgres-cluster";

// This pass exists for the SQL: it runs the test files that reach a database the pass can point
// at (through the test harness's openTestDatabase/buildTestApp, or TEST_DATABASE_URL itself).
// Files without one (rules, renderers, mail, spawned embedded-mode servers) would only repeat the
// first pass, and so would the platform tests, which start embedded-mode servers of their own.
// `npm run test:pg -- src/server/auth/x.test.ts` runs only the files given.
const USES_TEST_DATABASE = /\b(buildTestApp|openTestDatabase|TEST_DATABASE_URL)\b/;

function sqlTestFiles(root = "src/server"): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, "platform")) walk(full);
      } else if (/\.test\.tsx?$/.test(entry.name) && USES_TEST_DATABASE.test(readFileSync(full, "utf8"))) {
        found.push(full);
      }
    }
  };
  walk(root);
  return found.sort();
}

const given = process.argv.slice(2);
const VITEST_ARGS = ["vitest", "run", ...(given.length > 0 ? given : sqlTestFiles())];

function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    current = child;
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

let current: ReturnType<typeof spawn> | null = null;

async function vitest(url: string): Promise<number> {
  const files = VITEST_ARGS.length - 2;
  console.log(`\nAPI tests on PostgreSQL (${url.replace(/\/\/[^@/]*@/, "//")}): ${files} test files`);
  return run("npx", VITEST_ARGS, { env: { ...process.env, TEST_DATABASE_URL: url } });
}

async function main(): Promise<number> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return vitest(given);

  const bin = findPostgresBinDir();
  if (!bin) {
    const line =
      "PostgreSQL pass: no PostgreSQL binaries (initdb, pg_ctl) found; install Debian's postgresql or set TEST_DATABASE_URL.";
    if (process.env.DUET_TEST_POSTGRES === "1") {
      console.error(`${line} DUET_TEST_POSTGRES=1 requires this pass: failing.`);
      return 1;
    }
    console.log(`Skipping the ${line}`);
    return 0;
  }

  let cluster: PostgresCluster | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    current?.kill(signal);
    cluster?.stop();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    // A throwaway test cluster: durability is not the point, speed is (the helper's defaults).
    cluster = await startPostgresCluster(bin);
    return await vitest(cluster.url);
  } finally {
    cluster?.stop();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`PostgreSQL pass failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
