// `npm run bench` (with --cases=counting to run only this): what cookie-free statistics cost
// (docs/stats.md). The page and API routes have no counting code: counting is a second request,
// the beacon, that a reader's browser sends per public page. So "counting on" is measured as
// what it is for the server: each page (or API read) followed by its beacon, against the page
// (or API read) alone, in page views per second. The beacons come from varied client addresses
// (X-Forwarded-For from loopback, as behind a proxy), five pages per address, so the per-address
// limit does not turn them into cheap 429s and a flush hashes one visitor per five views.
import type autocannon from "autocannon";
import { cpuOf, measure } from "./bench-check";

const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface Measured {
  /** Page views (or API reads) per second. */
  perSecond: number;
  p99: number;
  errors: number;
}

/**
 * A page view with its beacon, against the page alone: two requests for one, each costing about a
 * cached read, so half the rate is the goal (docs/decisions/0044-a-counted-view-costs-a-cached-read.md).
 */
const COUNTING_GOAL = 0.5;
/** The beacon alone against the plain page: a counted view costs at most what a cached read costs. */
const BEACON_GOAL = 1;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Pages one visitor opens: each address sends this many beacons (a distinct visitor per address). */
const PAGES_PER_VISITOR = 5;
let sent = 0;
const nextAddress = () => {
  const visitor = Math.floor(sent++ / PAGES_PER_VISITOR);
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

async function run(baseURL: string, path: string, withBeacon: boolean, connections: number, seconds: number) {
  const beacon = JSON.stringify({ p: path.startsWith("/api/") ? "/his-blog" : path, r: "news.example.com" });
  const requests: autocannon.Request[] = [{ method: "GET", path, headers: { "user-agent": DESKTOP } }];
  if (withBeacon) {
    requests.push({
      method: "POST",
      path: "/api/stats/view",
      body: beacon,
      setupRequest: (req) => ({
        ...req,
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "sec-fetch-site": "same-origin",
          "user-agent": DESKTOP,
          "x-forwarded-for": nextAddress(),
        },
      }),
    });
  }
  const result = await measure(`${path} × ${connections}`, {
    url: baseURL,
    connections,
    duration: seconds,
    pipelining: 1,
    requests,
  });
  return {
    perSecond: result.requests.average / requests.length,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Page and API reads per second with counting off and on, Duet's two states taking turns. */
export async function benchCounting(
  baseURL: string,
  cases: Array<[string, string]>,
  options: { connections: number[]; seconds: number; rounds: number; pid?: number },
): Promise<void> {
  console.log("\nCookie-free statistics: reads per second without and with their beacon (medians)");
  console.log("| case | connections | counting off | counting on | on/off | goal | p99 on (ms) | errors |");
  console.log("|---|---|---|---|---|---|---|---|");
  let firstOff = 0;
  for (const connections of options.connections) {
    for (const [name, path] of cases) {
      const off: Measured[] = [];
      const on: Measured[] = [];
      for (let round = 0; round < options.rounds; round++) {
        off.push(await run(baseURL, path, false, connections, options.seconds));
        on.push(await run(baseURL, path, true, connections, options.seconds));
      }
      const offRate = median(off.map((m) => m.perSecond));
      if (!firstOff) firstOff = offRate;
      const onRate = median(on.map((m) => m.perSecond));
      const errors = [...off, ...on].reduce((n, m) => n + m.errors, 0);
      console.log(
        `| ${name} | ${connections} | ${Math.round(offRate)} | ${Math.round(onRate)} | ${((onRate / offRate) * 100).toFixed(0)}% | ≥ ${COUNTING_GOAL * 100}% ${onRate / offRate >= COUNTING_GOAL ? "met" : "NOT met"} | ${median(on.map((m) => m.p99))} | ${errors} |`,
      );
    }
  }
  // The beacon alone: what one counted view costs the server.
  // Server CPU per request, beside req/s: a shared machine moves the rates, much less the CPU.
  const pageCpuStart = cpuOf(options.pid);
  const page = await measure("the page alone", {
    url: `${baseURL}${cases[0]![1]}`,
    connections: options.connections[0]!,
    duration: options.seconds,
    headers: { "user-agent": DESKTOP },
  });
  const pageCpu = (cpuOf(options.pid) - pageCpuStart) / page.requests.total;
  const beaconCpuStart = cpuOf(options.pid);
  const beaconOnly = await measure("the beacon alone", {
    url: `${baseURL}/api/stats/view`,
    connections: options.connections[0]!,
    duration: options.seconds,
    method: "POST",
    body: JSON.stringify({ p: "/his-blog" }),
    headers: { "content-type": "text/plain", "sec-fetch-site": "same-origin", "user-agent": DESKTOP },
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-forwarded-for": nextAddress() } }) },
    ],
  });
  const beaconCpu = (cpuOf(options.pid) - beaconCpuStart) / beaconOnly.requests.total;
  const beaconRate = beaconOnly.requests.average;
  const ofPage = beaconRate / firstOff;
  console.log(
    `Beacon alone: ${Math.round(beaconRate)} req/s, p99 ${beaconOnly.latency.p99} ms, ` +
      `${beaconOnly.non2xx + beaconOnly.errors} errors (answers 204, no database write on the request); ` +
      `${ofPage.toFixed(2)} of ${cases[0]![0]} at ${options.connections[0]} connections (goal ≥ ${BEACON_GOAL}: a counted view costs a cached read) ${ofPage >= BEACON_GOAL ? "met" : "NOT met"}`,
  );
  if (options.pid)
    console.log(
      `Server CPU per request, back to back: the beacon ${beaconCpu.toFixed(0)} µs (its minute's flush included), ` +
        `${cases[0]![0]} ${pageCpu.toFixed(0)} µs (${page.requests.average.toFixed(0)} req/s): the beacon costs ${(beaconCpu / pageCpu).toFixed(2)} cached reads`,
    );
}
