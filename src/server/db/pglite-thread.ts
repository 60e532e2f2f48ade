import type { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type {
  DumpTarCompressionOptions,
  EngineInit,
  EngineReady,
  EngineReply,
  EngineRequest,
} from "./pglite-protocol";
import {
  fromWire,
  type Job,
  newWorker,
  type PgliteThreadOptions,
  queryRequest,
  statementTimeoutError,
  type Transaction,
  type TransactionHandle,
} from "./pglite-wire";

export type { PgliteThreadOptions } from "./pglite-wire";

/**
 * The embedded database on its own thread (docs/decisions/0042-bounding-database-work.md): PGlite
 * runs in a worker (pglite-worker.ts); this proxy gives drizzle the part of PGlite it uses (query,
 * exec, transaction), so health, readiness and cached pages answer while a statement runs. One
 * statement at a time goes to the worker (its time is its own, not the queue's); a transaction is
 * pinned (from BEGIN to COMMIT only its statements are sent). A statement past the timeout cannot
 * be cancelled inside PGlite: the worker is terminated and a new one recovers the data directory
 * as after a kill -9; the statement fails with query_canceled (57014, answered 503 DATABASE_BUSY)
 * and its transaction is rolled back. An in-memory database would be lost with it: no timeout.
 */

export class PgliteThread {
  readonly #options: PgliteThreadOptions;
  readonly #timeoutMs: number;
  #worker: Worker | null = null;
  #ready = false;
  #generation = 0;
  #nextId = 0;
  #inFlight: { id: number; job: Job; timer: NodeJS.Timeout | null } | null = null;
  readonly #queue: Job[] = [];
  #transaction: Transaction | null = null;
  #closed = false;
  #restarts = 0;
  /** Told when a worker was replaced (a statement past the timeout, or the worker died). */
  onRestart: ((reason: string) => void) | undefined;

  private constructor(options: PgliteThreadOptions) {
    this.#options = options;
    this.onRestart = options.onRestart;
    this.#timeoutMs = options.dataDir ? options.statementTimeoutMs : 0;
  }

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    const loadDataDir = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    await thread.#start(loadDataDir);
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** How many times a worker was replaced (tests, logs). */
  get restarts(): number {
    return this.#restarts;
  }

  /** Start a worker on the data directory and wait until PGlite has opened it. */
  #start(loadDataDir?: Uint8Array): Promise<void> {
    const init: EngineInit = {
      dataDir: this.#options.dataDir,
      settings: this.#options.settings,
      ...(loadDataDir ? { loadDataDir } : {}),
    };
    const worker = newWorker(init);
    const generation = ++this.#generation;
    this.#worker = worker;
    this.#ready = false;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      worker.on("message", (message: EngineReply | EngineReady) => {
        if ("ready" in message) {
          if (message.ready) {
            opened = true;
            this.#ready = true;
            resolve();
            this.#pump();
          } else reject(fromWire(message.error));
          return;
        }
        this.#answer(message);
      });
      worker.on("error", (error) => {
        if (!opened) reject(error);
      });
      worker.on("exit", (code) => {
        if (!opened) reject(new Error(`the database worker exited (${code}) before it opened`));
        // Ended by #replace or close(): nothing to do. Otherwise it died: a new one takes over.
        else if (this.#generation === generation && !this.#closed)
          this.#replace(new Error(`the database worker exited (${code})`), `it exited with code ${code}`);
      });
    });
  }

  #answer(reply: EngineReply): void {
    const current = this.#inFlight;
    if (!current || current.id !== reply.id) return;
    this.#inFlight = null;
    if (current.timer) clearTimeout(current.timer);
    if (reply.ok) current.job.resolve(reply.value);
    else current.job.reject(fromWire(reply.error));
    this.#pump();
  }

  /** Send the next statement: the open transaction's own, or, when none is open, the first waiting. */
  #pump(): void {
    if (this.#inFlight || !this.#ready || !this.#worker) return;
    const job = this.#transaction ? this.#transaction.queue.shift() : this.#queue.shift();
    if (!job) return;
    if (job.begins) {
      job.begins.generation = this.#generation;
      this.#transaction = job.begins;
    }
    const id = ++this.#nextId;
    const timer =
      job.timed && this.#timeoutMs > 0 ? setTimeout(() => this.#timedOut(id), this.#timeoutMs) : null;
    this.#inFlight = { id, job, timer };
    this.#worker.postMessage({ ...job.request, id } as EngineRequest);
  }

  #timedOut(id: number): void {
    if (this.#inFlight?.id !== id) return;
    this.#replace(statementTimeoutError(this.#timeoutMs), `a statement ran past ${this.#timeoutMs} ms`);
  }

  /** End the current worker (and with it its statement and transaction), then open a new one. */
  #replace(error: Error, reason: string): void {
    const old = this.#worker;
    this.#worker = null;
    this.#ready = false;
    // Bumped before terminate(): the old worker's exit is then not taken for a death.
    this.#generation++;
    this.#restarts++;
    void old?.terminate();
    const current = this.#inFlight;
    this.#inFlight = null;
    if (current?.timer) clearTimeout(current.timer);
    current?.job.reject(error);
    const transaction = this.#transaction;
    if (transaction) {
      this.#transaction = null;
      for (const job of transaction.queue.splice(0)) job.reject(error);
    }
    this.onRestart?.(reason);
    this.#start().catch((startError: unknown) => {
      // The data directory cannot be opened again: nothing waiting can be served.
      this.#closed = true;
      for (const job of this.#queue.splice(0)) job.reject(startError);
    });
  }

  #run(job: Omit<Job, "resolve" | "reject">): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("The database is closed."));
    return new Promise((resolve, reject) => {
      const full = { ...job, resolve, reject };
      if (job.of) {
        if (this.#transaction !== job.of) {
          reject(statementTimeoutError(this.#timeoutMs));
          return;
        }
        job.of.queue.push(full);
      } else this.#queue.push(full);
      this.#pump();
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  #query<T>(sql: string, params: unknown[], options?: QueryOptions, of?: Transaction): Promise<Results<T>> {
    const request = queryRequest(sql, params, options);
    return this.#run({ request, timed: true, ...(of ? { of } : {}) }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.#run({ request: { op: "exec", sql }, timed: true }) as Promise<Results[]>;
  }

  /** BEGIN, the callback's statements only, then COMMIT (or ROLLBACK when it throws). */
  async transaction<T>(callback: (tx: TransactionHandle) => Promise<T>): Promise<T> {
    const transaction: Transaction = { queue: [], generation: -1 };
    await this.#run({ request: { op: "exec", sql: "BEGIN" }, timed: true, begins: transaction });
    let ended = false;
    const tx = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#query<R>(sql, params, options, transaction),
      exec: (sql: string) =>
        this.#run({ request: { op: "exec", sql }, timed: true, of: transaction }) as Promise<Results[]>,
      rollback: async () => {
        await tx.exec("ROLLBACK");
        ended = true;
      },
      get closed() {
        return ended;
      },
    };
    try {
      const result = await callback(tx);
      if (!ended) await tx.exec("COMMIT");
      return result;
    } catch (error) {
      // A replaced worker took the transaction with it; otherwise roll it back here.
      if (!ended && this.#transaction === transaction) await tx.exec("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      ended = true;
      if (this.#transaction === transaction) {
        this.#transaction = null;
        for (const job of transaction.queue.splice(0)) job.reject(new Error("Transaction is closed"));
      }
      this.#pump();
    }
  }

  /** The data directory as a tarball (snapshots, test templates), taken between statements. */
  async dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob> {
    const bytes = (await this.#run({ request: { op: "dump", compression }, timed: false })) as Uint8Array;
    return new Blob([bytes as Uint8Array<ArrayBuffer>]);
  }

  /** CHECKPOINT, close PGlite, end the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#run({ request: { op: "close" }, timed: false });
    } finally {
      this.#closed = true;
      const worker = this.#worker;
      this.#worker = null;
      this.#generation++;
      await worker?.terminate();
    }
  }
}
