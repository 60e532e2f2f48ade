// `npm run bench`: the documented proxy (duetSiteConfig, docs/deploy.md) in front of the bench's
// Duet, against nginx answering the same bytes from files (the ceiling). Both are one nginx
// worker; they take turns for each round and the median of the per-round ratios is printed
// beside the goal: anonymous pages through the proxy at 0.9 of nginx static or better.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../src/server/test/free-port";
import { startNginx } from "../src/server/test/nginx";
import { expectOk, measure } from "./bench-check";

export const PROXY_GOAL = 0.9;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function rate(url: string, connections: number, seconds: number): Promise<number> {
  await expectOk(url);
  const result = await measure(`${url} × ${connections}`, { url, connections, duration: seconds });
  return result.requests.average;
}

export interface ProxyRow {
  name: string;
  connections: number;
  proxy: number;
  nginxStatic: number;
  ratio: number;
}

export async function benchProxy(
  duetURL: string,
  pages: Array<{ name: string; urlPath: string; staticURL: string }>,
  options: { connections: number[]; seconds: number; rounds: number },
): Promise<ProxyRow[]> {
  const prefix = mkdtempSync(path.join(tmpdir(), "duet-bench-proxy-"));
  const port = await freePort();
  const nginx = await startNginx(prefix, {
    upstreams: [new URL(duetURL).host],
    listen: `127.0.0.1:${port}`,
  });
  const rows: ProxyRow[] = [];
  try {
    for (const connections of options.connections) {
      for (const page of pages) {
        const proxied: number[] = [];
        const direct: number[] = [];
        for (let round = 0; round < options.rounds; round++) {
          proxied.push(await rate(`http://127.0.0.1:${port}${page.urlPath}`, connections, options.seconds));
          direct.push(await rate(page.staticURL, connections, options.seconds));
        }
        rows.push({
          name: page.name,
          connections,
          proxy: median(proxied),
          nginxStatic: median(direct),
          ratio: median(proxied.map((p, i) => p / direct[i]!)),
        });
      }
    }
  } finally {
    await nginx.stop();
    rmSync(prefix, { recursive: true, force: true });
  }
  console.log(
    "\nThe documented proxy (keepalive + 1 s microcache), anonymous readers, against nginx static (medians)",
  );
  console.log("| case | connections | proxy req/s | nginx static req/s | of static | goal |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.connections} | ${Math.round(r.proxy)} | ${Math.round(r.nginxStatic)} | ${(100 * r.ratio).toFixed(0)}% | ≥ ${100 * PROXY_GOAL}% ${r.ratio >= PROXY_GOAL ? "met" : "NOT met"} |`,
    );
  return rows;
}
