import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { EngineCall, EngineInit, WireError } from "./pglite-protocol";

// The parts of the embedded database's thread (pglite-thread.ts) that are not its queue: how a
// worker starts, what the options are, what a waiting statement holds, and errors across the thread.

/**
 * The worker's code: the built file beside dist/server/main.js, or from source the TypeScript
 * file, loaded through tsx registered inside the worker (a worker ignores `--import`).
 */
export function newWorker(init: EngineInit): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./pglite-worker.js", here), { workerData: init });
  const entry = JSON.stringify(new URL("./pglite-worker.ts", here).href);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${entry}); })`;
  return new Worker(boot, { eval: true, workerData: init });
}

export interface PgliteThreadOptions extends Omit<EngineInit, "loadDataDir"> {
  loadDataDir?: Blob;
  /** A statement running longer is ended (see above); 0: never. Ignored for an in-memory database. */
  statementTimeoutMs: number;
  /** Told when a worker was replaced (a statement past the timeout, or the worker died). */
  onRestart?: (reason: string) => void;
}

export interface Transaction {
  /** Its statements, waiting for the worker. */
  queue: Job[];
  /** The worker it began on: if that one is replaced, the transaction is gone. */
  generation: number;
}

export interface Job {
  request: EngineCall;
  timed: boolean;
  /** Set on a BEGIN: the transaction it opens. */
  begins?: Transaction;
  /** Set on the statements of a transaction. */
  of?: Transaction;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** An error from the worker as PGlite would have thrown it (code, detail, constraint…). */
export function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  return error;
}

/** PostgreSQL's own error for a statement ended by statement_timeout (isStatementTimeout in client.ts). */
export function statementTimeoutError(ms: number): Error {
  return Object.assign(new Error(`canceling statement due to statement timeout (${ms} ms)`), {
    code: "57014",
    severity: "ERROR",
  });
}

/** Identity parsers are the only ones that can cross to the worker (functions do not): drizzle's are. */
export function identityTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.keys(options.parsers).map(Number);
}

/** What a transaction's callback gets: PGlite's own shape. */
export interface TransactionHandle {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** A query as it crosses to the worker. */
export function queryRequest(sql: string, params: unknown[], options?: QueryOptions): EngineCall {
  const types = identityTypes(options);
  return {
    op: "query",
    sql,
    params,
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(types ? { identityTypes: types } : {}),
  };
}
