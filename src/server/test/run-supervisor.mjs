// The platform tests' `npm start` without the builds: the compiled supervisor over the compiled
// server (dist/server), under plain node.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../dist/server");
const { supervise } = await import(pathToFileURL(path.join(dist, "supervisor.js")).href);
supervise({ script: path.join(dist, "main.js") });
