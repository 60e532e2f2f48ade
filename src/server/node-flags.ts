/**
 * The V8 flags every serving process runs with: `npm start`'s supervisor passes them to its child
 * (the cluster's workers inherit them), and the bench starts the server with them. Measured on the
 * demo blog (docs/deploy.md, "Measured here"), each is tens of MB of the idle process:
 * - `--max-semi-space-size=2`: V8's young generation grows to 32 MB per thread (the server's and
 *   the embedded database's), most of it empty between requests; 2 MB semi-spaces hold a request's
 *   garbage and give back ~40 MB. It cannot be set once the process runs.
 * - `--liftoff-only`: PGlite's WebAssembly stays in V8's baseline compiler. The optimising tier
 *   recompiled the hot half of PostgreSQL on background threads (CPU and memory while starting) for
 *   ~10 % less CPU per statement later; a blog's reads are answered from the cache.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2", "--liftoff-only"];
