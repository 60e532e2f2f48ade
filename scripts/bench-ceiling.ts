// The benchmark's ceiling (`npm run bench` starts it): a bare Fastify in its own process, with no
// hooks, plugins or logging, answering the bodies Duet sent from memory. Usage:
//   tsx scripts/bench-ceiling.ts <dir>   (dir/index.json: [{ path, type, file }])
// It prints the port it listens on (127.0.0.1, ephemeral) and stops on SIGTERM.
import { readFileSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bench-ceiling.ts <dir>");
const bodies = JSON.parse(readFileSync(path.join(dir, "index.json"), "utf8")) as Array<{
  path: string;
  type: string;
  file: string;
}>;

const app = Fastify({ logger: false });
for (const { path: route, type, file } of bodies) {
  const body = readFileSync(path.join(dir, file));
  app.get(route, (_request, reply) => {
    reply.header("content-type", type).send(body);
  });
}
const address = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(new URL(address).port);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
