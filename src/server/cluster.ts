import cluster, { type Worker } from "node:cluster";

/** A worker that dies this soon after it started is failing to start, not crashing at random. */
const START_GRACE_MS = 10_000;
/** Respawns of failing-to-start workers in a row before the whole server gives up. */
const MAX_FAILED_STARTS = 5;

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL mode): the primary process only forks N workers that share one
 * port (node:cluster hands them the connections) and replaces a worker that dies. Each worker is a
 * whole Duet server; everything they share lives in PostgreSQL (sessions, limits, queues claimed
 * with FOR UPDATE SKIP LOCKED, cache invalidation by NOTIFY), so the same holds for N machines.
 */
export function runPrimary(workers: number, log: (line: string) => void): void {
  let closing = false;
  let failedStarts = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A configuration error (exit 2) would fail the same way in every replacement.
    if (code === 2) {
      log(`worker ${worker.process.pid} refused to start (exit 2); stopping`);
      void stopAll("error", 2);
      return;
    }
    failedStarts = lived < START_GRACE_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log(`workers keep dying at start (${failedStarts} in a row); stopping`);
      void stopAll("error", 1);
      return;
    }
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });

  const stopAll = async (why: string, code = 0) => {
    if (closing) return;
    closing = true;
    log(`${why}: closing ${Object.keys(cluster.workers ?? {}).length} workers`);
    // Each worker shuts down gracefully (finishes its requests) on SIGTERM.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
    if (code !== 0) setTimeout(() => process.exit(code), 70_000).unref();
  };
  process.on("SIGTERM", () => void stopAll("SIGTERM"));
  // Ctrl-C reaches the workers too (one process group); they close themselves.
  process.on("SIGINT", () => void stopAll("SIGINT"));

  log(`starting ${workers} workers (WEB_CONCURRENCY)`);
  for (let i = 0; i < workers; i++) fork();
}
