// The embedded database's own thread (pglite-thread.ts starts it): it owns the PGlite instance and
// answers the server's thread over the worker's message port, one message per statement. While a
// statement runs here, the server's thread keeps answering (health, cached pages).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import type { EngineInit, EngineReply, EngineRequest, WireError } from "./pglite-protocol";

const init = workerData as EngineInit;
const port = parentPort!;

/** Parsers that leave a type's text as it is (drizzle's for dates, intervals and their arrays). */
function identityParsers(types: number[] | undefined): QueryOptions["parsers"] | undefined {
  if (!types?.length) return undefined;
  return Object.fromEntries(types.map((t) => [t, (value: string) => value]));
}

/** A DatabaseError's fields (code, detail, constraint…) survive the trip; functions and stacks do not matter. */
function toWire(error: unknown): WireError {
  const e = error as Record<string, unknown> & { message?: unknown; name?: unknown };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(e ?? {})) {
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return {
    name: typeof e?.name === "string" ? e.name : "Error",
    message: typeof e?.message === "string" ? e.message : String(error),
    fields,
  };
}

async function main() {
  const db = await PGlite.create(init.dataDir ?? undefined, {
    postgresqlconf: init.settings,
    ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
  });
  port.on("message", async (request: EngineRequest) => {
    let reply: EngineReply;
    try {
      switch (request.op) {
        case "query": {
          const parsers = identityParsers(request.identityTypes);
          const result = await db.query(request.sql, request.params, {
            rowMode: request.rowMode,
            ...(parsers ? { parsers } : {}),
          });
          reply = { id: request.id, ok: true, value: result };
          break;
        }
        case "exec":
          reply = { id: request.id, ok: true, value: await db.exec(request.sql) };
          break;
        case "dump": {
          const blob = await db.dumpDataDir(request.compression);
          reply = { id: request.id, ok: true, value: new Uint8Array(await blob.arrayBuffer()) };
          break;
        }
        case "close":
          if (!db.closed) {
            await db.query("CHECKPOINT").catch(() => {});
            await db.close();
          }
          reply = { id: request.id, ok: true, value: null };
          break;
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: toWire(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
}

main().catch((error: unknown) => port.postMessage({ ready: false, error: toWire(error) }));
