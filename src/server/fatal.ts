// What a serving process tells npm start's supervisor (supervisor.ts) about how it ends. Kept apart
// from the supervisor so the server's bundle (main.js) never contains the supervisor itself.

/** Exit code of a server that refused to start (bad configuration, DATA_DIR in use): not retried. */
export const EXIT_REFUSED = 2;

/** What a dying server sends its supervisor over IPC: the cause, for the one log line. */
export interface FatalMessage {
  type: "duet:fatal";
  cause: string;
}

/** In the server: report an uncaught error to the supervisor (when there is one), then exit 1. */
export function reportFatal(error: unknown): void {
  const cause = (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .replace(/\s+/g, " ")
    .slice(0, 300);
  console.error(error);
  if (!process.send || !process.connected) process.exit(1);
  const message: FatalMessage = { type: "duet:fatal", cause };
  process.send(message, () => process.exit(1));
  setTimeout(() => process.exit(1), 1_000).unref();
}

/**
 * A standby: the supervisor starts the next server ahead of need with this variable set; it loads
 * its modules, then waits for SERVE_MESSAGE before it takes DATA_DIR's lock and serves. A
 * replacement then skips loading Fastify, Better Auth and Fedify, the longest part of a start.
 */
export const STANDBY_ENV = "DUET_STANDBY";
/** Supervisor to standby: serve now. */
export const SERVE_MESSAGE = "duet:serve";
/** Server to supervisor: listening (the moment to prepare the next standby). */
export const SERVING_MESSAGE = "duet:serving";
