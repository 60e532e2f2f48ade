// A throwaway PostgreSQL cluster for the AppView (launch.mjs --appview): Debian's binaries
// (/usr/lib/postgresql/*/bin), a temporary folder, 127.0.0.1 and a free port. A watchdog stops
// it and removes the folder once this process is gone, even when it was killed outright.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(root, versions[0], "bin");
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  throw new Error("--appview needs PostgreSQL's binaries (initdb, pg_ctl: /usr/lib/postgresql/*/bin)");
}

function freePortSync() {
  // A port the kernel hands out now: good enough for a cluster started right after.
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: "utf8" },
  );
  return Number(probe.stdout.trim());
}

export function startPostgres() {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const as = (file, args) => (asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args]);
  const dir = mkdtempSync(path.join(tmpdir(), "duet-atnet-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const run = (file, args) => {
    const [cmd, argv] = as(path.join(bin, file), args);
    const done = spawnSync(cmd, argv, { encoding: "utf8" });
    if (done.status !== 0) throw new Error(`${file} failed:\n${done.stdout}${done.stderr}`);
  };
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  const port = freePortSync();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  run("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), "-o", options, "-w", "-t", "60", "start"]);
  const [stopCmd, stopArgs] = as(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
  const quoted = [stopCmd, ...stopArgs].map((a) => `'${a}'`).join(" ");
  const watchdog = spawn(
    "sh",
    [
      "-c",
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 2; done; ${quoted} >/dev/null 2>&1; rm -rf '${dir}'`,
    ],
    { detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      spawnSync(stopCmd, stopArgs, { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
