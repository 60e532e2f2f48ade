/**
 * Embedded PostgreSQL sized for a small machine. PostgreSQL's default shared_buffers (128 MB)
 * lives inside PGlite's WebAssembly heap and is never given back; 16 MB keeps a blog's hot pages
 * (the operating system caches the files behind it) and saves ~140 MB of resident memory
 * (measured with `npm run bench`). One connection, so per-connection memory stays small too.
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=16MB",
  "work_mem=2MB",
  "maintenance_work_mem=16MB",
  "wal_buffers=512kB",
];

/**
 * Every statement on PostgreSQL is bounded: one slow query cannot hold a connection (and the
 * requests queued behind it) for minutes; the request that hit it gets a 503 (http-server.ts).
 * PGlite ignores statement_timeout (no timers in its single WebAssembly thread: `pg_sleep(2)`
 * under a 300 ms timeout ran 2 s): in a worker thread the same bound is kept from outside, by
 * ending the worker (pglite-thread.ts, docs/decisions/0042-bounding-database-work.md).
 */
export const STATEMENT_TIMEOUT_MS = 30_000;
