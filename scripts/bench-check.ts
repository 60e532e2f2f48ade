// Every bench row is measured through here: a row whose answers were not all 2xx (a redirect, a
// 404, a 429, a 5xx), or that had socket errors or timeouts, stops the bench with what went
// wrong, so an error is never printed as throughput.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** autocannon, then a loud failure naming the row unless every answer was 2xx. */
export async function measure(label: string, options: autocannon.Options): Promise<autocannon.Result> {
  const result = await autocannon(options);
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stat]) => `${(stat as { count: number }).count}× ${code}`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests.total === 0) {
    throw new Error(
      `bench row '${label}' failed: ${result.non2xx} non-2xx answers${codes.length ? ` (${codes.join(", ")})` : ""}, ` +
        `${result.errors} errors, ${result.timeouts} timeouts, of ${result.requests.total} requests`,
    );
  }
  return result;
}

/** One GET before a row is loaded: a path that redirects or fails is refused before it is timed. */
export async function expectOk(url: string, init: RequestInit = {}): Promise<void> {
  const res = await fetch(url, { redirect: "manual", ...init });
  await res.arrayBuffer();
  if (res.status < 200 || res.status > 299)
    throw new Error(`bench row for ${url}: answered ${res.status}, not 2xx`);
}

/** User + system CPU of a process so far, in microseconds (Linux /proc; 0 elsewhere). */
export function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}
