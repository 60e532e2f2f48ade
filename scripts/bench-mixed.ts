// `npx tsx scripts/bench-mixed.ts [-- --seconds=10 --likes-per-second=5]`: a benchmark, not a test.
// Cached reads while readers like a post: the real server (src/server/main.ts, demo
// posts) on 127.0.0.1 is loaded with autocannon on public reads that a like does not change
// (another post, the feed, the sitemap, a list of the other blog), first alone, then while
// accounts toggle likes on one post. Before domain events every like emptied the whole cache;
// the second number shows what a like now costs the readers of everything else.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expectOk, measure } from "./bench-check";
// @ts-expect-error: a plain-JavaScript build script (npm start runs it without TypeScript).
import { buildClient } from "./build-client.mjs";
import { startDuet } from "./local-server";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const SECONDS = Number(args.get("seconds") ?? 10);
const LIKES_PER_SECOND = Number(args.get("likes-per-second") ?? 5);

async function signUp(baseURL: string, i: number): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: `bench-${i}@example.com`, password: "correct-horse-42", name: "Bench" }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  // Registration does not sign in (SPEC §2: it goes to /login): sign in like the login page.
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: `bench-${i}@example.com`, password: "correct-horse-42" }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function readLoad(baseURL: string, paths: string[]): Promise<number> {
  for (const p of paths) await expectOk(`${baseURL}${p}`);
  const result = await measure(`reads ${paths.join(" ")}`, {
    url: baseURL,
    connections: 10,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: "GET", path: p, headers: { "accept-encoding": "br" } })),
  });
  return Math.round(result.requests.average);
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), "duet-bench-mixed-"));
  const clientDir = path.join(work, "client");
  await buildClient(clientDir, "error");
  const { baseURL, child } = await startDuet(path.join(work, "data"), clientDir, { LOG_LEVEL: "warn" });
  try {
    const list = (await (await fetch(`${baseURL}/api/posts?author=her`)).json()) as {
      items: { id: string }[];
    };
    const [liked, other] = list.items.map((p) => p.id);
    if (!liked || !other) throw new Error("the demo posts are missing");
    const reads = [`/api/posts/${other}`, "/feed.xml", "/sitemap.xml", "/api/posts?author=him"];
    const alone = await readLoad(baseURL, reads);

    // One account per like a second: each stays under the 60-a-minute limit (write-limits.ts).
    const cookies = await Promise.all(Array.from({ length: LIKES_PER_SECOND }, (_, i) => signUp(baseURL, i)));
    let likes = 0;
    let refused = 0;
    const timer = setInterval(() => {
      for (const cookie of cookies)
        fetch(`${baseURL}/api/posts/${liked}/like`, { method: "POST", headers: { cookie, origin: baseURL } })
          .then((r) => {
            if (r.ok) likes++;
            else if (refused++ === 0) console.log(`a like was refused: ${r.status}`);
          })
          .catch(() => refused++);
    }, 1_000);
    const mixed = await readLoad(baseURL, reads);
    clearInterval(timer);
    console.log(`reads of what a like does not change (${reads.length} URLs, 10 connections, ${SECONDS} s):`);
    console.log(`  alone:                      ${alone} req/s`);
    console.log(
      `  with ${LIKES_PER_SECOND} likes a second:     ${mixed} req/s (${likes} likes, ${refused} refused)`,
    );
    console.log(`  kept: ${Math.round((mixed / alone) * 100)} %`);
  } finally {
    child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
