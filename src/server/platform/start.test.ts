// `npm start` on a fresh clone builds what is missing, migrates, seeds the demo blog and serves.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, REPO_ROOT, spawnNode } from "../test/server-process";

describe("npm start on a fresh checkout", { timeout: 240_000 }, () => {
  let dir = "";
  let child: ReturnType<typeof spawnNode> | null = null;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "duet-start-"));
  });
  afterAll(() => {
    if (child && child.child.exitCode === null) child.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("builds the missing client, creates and migrates the database, seeds the demo blog and serves it", async () => {
    const clientDir = path.join(dir, "client");
    const dataDir = path.join(dir, "data");
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    // Plain node: the server runs compiled (dist/server), with no TypeScript loader.
    child = spawnNode("scripts/start.mjs", {
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: clientDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    });
    let healthy = false;
    for (let i = 0; i < 900 && !healthy && child.child.exitCode === null; i++) {
      healthy = await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy, child.output()).toBe(true);
    expect(child.output()).toContain("Building the client (first start)");
    expect(child.output()).toContain("Creating the database (first start)");
    expect(existsSync(path.join(REPO_ROOT, "dist/server/main.js"))).toBe(true);
    const cmdline = readFileSync(`/proc/${child.child.pid}/cmdline`, "utf8").split("\0").join(" ");
    expect(cmdline).not.toContain("tsx");
    expect(existsSync(path.join(clientDir, "index.html"))).toBe(true);
    expect(existsSync(path.join(dataDir, "db"))).toBe(true);

    const home = await fetch(`${baseURL}/his-blog`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<script type="application/json" id="duet-data">');
    for (const author of ["him", "her"]) {
      const page = (await (await fetch(`${baseURL}/api/posts?author=${author}`)).json()) as {
        items: unknown[];
      };
      expect(page.items.length, `demo posts by ${author}`).toBeGreaterThanOrEqual(6);
    }

    child.child.kill("SIGTERM");
    expect((await child.exited).code).toBe(0);
  });
});
