// A throwaway PostgreSQL cluster from Debian's binaries (/usr/lib/postgresql/*/bin), in a temporary
// folder on 127.0.0.1 and a free port: for `npm run test:pg`, the scale-out platform test and the bench.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export function findPostgresBinDir(): string | null {
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

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  /** Stop the server (immediately) and remove its folder; safe to call twice. */
  stop(): void;
}

/** Start a cluster; as root it runs as the postgres user (PostgreSQL refuses root). */
export async function startPostgresCluster(
  bin: string,
  settings: string[] = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"],
): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const asPostgres = (file: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  const dir = mkdtempSync(path.join(tmpdir(), "duet-pg-"));
  const dataDir = path.join(dir, "data");
  let started = false;
  const stop = () => {
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
      ...settings.map((s) => `-c ${s}`),
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
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
