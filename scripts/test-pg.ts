// `npm run test:pg`: the API tests (vitest run src/server) against a real PostgreSQL.
// TEST_DATABASE_URL set: use that server. Otherwise start a throwaway cluster from Debian's
// binaries (/usr/lib/postgresql/*/bin) in a temp dir on 127.0.0.1, and always remove it.
// No binaries: skip with a clear line, unless DUET_TEST_POSTGRES=1 (CI), which makes it a failure.
import { type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// The platform tests start embedded-mode servers of their own; the PostgreSQL pass would only repeat them.
const VITEST_ARGS = ["vitest", "run", "src/server", "--exclude", "src/server/platform/**"];

function findBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  const initdb = which.stdout.trim();
  if (which.status === 0 && initdb && existsSync(path.join(path.dirname(initdb), "pg_ctl"))) {
    return path.dirname(initdb);
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

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
  console.log(`\nAPI tests on PostgreSQL (${url.replace(/\/\/[^@/]*@/, "//")})`);
  return run("npx", VITEST_ARGS, { env: { ...process.env, TEST_DATABASE_URL: url } });
}

async function main(): Promise<number> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return vitest(given);

  const bin = findBinDir();
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

  // As root, PostgreSQL refuses to run: use the postgres user for the cluster.
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (file: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];

  const dir = mkdtempSync(path.join(tmpdir(), "duet-pg-"));
  const dataDir = path.join(dir, "data");
  let started = false;
  const cleanup = () => {
    if (started) {
      const [cmd, args] = asPostgres(path.join(bin, "pg_ctl"), [
        "-D",
        dataDir,
        "-m",
        "immediate",
        "-w",
        "stop",
      ]);
      spawnSync(cmd, args, { stdio: "ignore" });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    current?.kill(signal);
    cleanup();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    if (asRoot) {
      const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
      const gids = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
      if (ids.status !== 0)
        throw new Error("running as root, but there is no postgres user to run PostgreSQL as");
      chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
    }
    const [initCmd, initArgs] = asPostgres(path.join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const init = spawnSync(initCmd, initArgs, { encoding: "utf8" });
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

    const port = await freePort();
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=200",
      // A throwaway test cluster: durability is not the point, speed is.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    const [ctlCmd, ctlArgs] = asPostgres(path.join(bin, "pg_ctl"), [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "postgres.log"),
      "-o",
      options,
      "-w",
      "-t",
      "60",
      "start",
    ]);
    const start = spawnSync(ctlCmd, ctlArgs, { encoding: "utf8" });
    if (start.status !== 0) throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}`);
    started = true;
    return await vitest(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    cleanup();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`PostgreSQL pass failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
